import assert from 'node:assert/strict';
import { test } from 'node:test';
import { release } from '../testing/releases';
import { applyAutoRollback, judgeCanaries, recordLoad } from './auto-rollback';
import { emptyManifest } from './manifest';
import { promote, startCanary } from './steps';

const ctx = { who: 'auto', at: '2026-01-01T00:00:00.000Z' };
const manifest = startCanary(promote(emptyManifest('s'), 'mf-drafts', ctx, release('1.0.0')), release('1.1.0'), 10, ctx);

function stats(canary: [number, number], stable: [number, number]) {
  return { 'mf-drafts': { '1.1.0': { loads: canary[0], failures: canary[1] }, '1.0.0': { loads: stable[0], failures: stable[1] } } };
}

test('a canary failing more than 5 points above stable over 20+ loads is rolled back, with the figures', () => {
  const [verdict] = judgeCanaries(manifest, stats([40, 4], [400, 8]));
  assert.equal(verdict?.rollBack, true);
  assert.equal(verdict?.reason, 'canary failure rate 10.0 % over 40 loads vs stable 2.0 % over 400 (margin 5 points, p = 0.017)');
  const next = applyAutoRollback(manifest, judgeCanaries(manifest, stats([40, 4], [400, 8])), ctx);
  assert.equal(next.remotes['mf-drafts']?.canary, undefined);
  assert.equal(next.remotes['mf-drafts']?.stable?.version, '1.0.0');
  assert.deepEqual((({ action, from, to }) => ({ action, from, to }))(next.remotes['mf-drafts']?.history.at(-1) ?? { action: '', from: '', to: '' }), {
    action: 'auto-rollback',
    from: '1.1.0',
    to: '1.0.0',
  });
});

test('keeps a canary within the margin, or with too few loads to judge', () => {
  assert.equal(judgeCanaries(manifest, stats([100, 6], [100, 2]))[0]?.rollBack, false);
  assert.equal(judgeCanaries(manifest, stats([19, 19], [100, 0]))[0]?.rollBack, false);
  assert.match(judgeCanaries(manifest, stats([19, 19], [100, 0]))[0]?.reason ?? '', /only 19 canary loads \(judging from 20\)/);
  assert.equal(judgeCanaries(manifest, {})[0]?.rollBack, false);
  assert.equal(applyAutoRollback(manifest, judgeCanaries(manifest, {}), ctx), manifest);
});

test('a canary whose screens fail after loading is rolled back on its error-session rate, though every load succeeded', () => {
  const counts = { 'mf-drafts': { '1.1.0': { loads: 60, failures: 0, errorSessions: 15 }, '1.0.0': { loads: 600, failures: 0, errorSessions: 6 } } };
  const [verdict] = judgeCanaries(manifest, counts);
  assert.equal(verdict?.rollBack, true);
  assert.match(verdict?.reason ?? '', /^canary error-session rate 25\.0 % over 60 loads vs stable 1\.0 % over 600 \(margin 5 points, p = /);
  assert.ok((verdict?.pValue ?? 1) < 1e-6);
});

test('a difference chance explains is not acted on, however large it looks', () => {
  // 2 of 20 against 0 of 20: 10 points worse, but p = 0.24.
  const [verdict] = judgeCanaries(manifest, stats([20, 2], [20, 0]));
  assert.equal(verdict?.rollBack, false);
  assert.match(verdict?.reason ?? '', /p = 0\.244/);
  // The same rates over ten times the loads are evidence.
  assert.equal(judgeCanaries(manifest, stats([200, 20], [200, 0]))[0]?.rollBack, true);
});

test('the margin and minimum are configurable', () => {
  assert.equal(judgeCanaries(manifest, stats([10, 2], [100, 0]), { marginPoints: 10, minLoads: 10 })[0]?.rollBack, true);
  assert.equal(judgeCanaries(manifest, stats([10, 2], [100, 0]), { marginPoints: 25, minLoads: 10 })[0]?.rollBack, false);
});

test('load reports add up per remote and version', () => {
  let s = recordLoad({}, 'mf-drafts', '1.1.0', true);
  s = recordLoad(s, 'mf-drafts', '1.1.0', false);
  s = recordLoad(s, 'mf-tools', '2.0.0', true);
  assert.deepEqual(s, { 'mf-drafts': { '1.1.0': { loads: 2, failures: 1 } }, 'mf-tools': { '2.0.0': { loads: 1, failures: 0 } } });
});

/** Loads as clean as stable's, with field vitals: [views, poor] of LCP for canary and stable. */
function withLcp(canary: [number, number], stable: [number, number], inp?: [[number, number], [number, number]]) {
  const vitals = (lcp: [number, number], i?: [number, number]) => ({
    LCP: { views: lcp[0], poor: lcp[1] },
    ...(i ? { INP: { views: i[0], poor: i[1] } } : {}),
  });
  return {
    'mf-drafts': {
      '1.1.0': { loads: 200, failures: 2, errorSessions: 2, vitals: vitals(canary, inp?.[0]) },
      '1.0.0': { loads: 2000, failures: 20, errorSessions: 20, vitals: vitals(stable, inp?.[1]) },
    },
  };
}

test('a canary whose page views have a poor LCP far more often than stable is rolled back, the reason naming LCP', () => {
  const [verdict] = judgeCanaries(manifest, withLcp([150, 45], [1500, 75]));
  assert.equal(verdict?.rollBack, true);
  assert.match(verdict?.reason ?? '', /^canary poor-LCP share 30\.0 % over 150 views vs stable 5\.0 % over 1500 \(margin 5 points, p = /);
  assert.doesNotMatch(verdict?.reason ?? '', /failure rate|error-session/);
  assert.deepEqual(verdict?.vitals?.LCP, { canaryRate: 0.3, stableRate: 0.05, canaryViews: 150 });
  assert.ok((verdict?.pValue ?? 1) < 1e-6);
  const next = applyAutoRollback(manifest, [verdict!], ctx);
  assert.equal(next.remotes['mf-drafts']?.canary, undefined);
  assert.match(next.remotes['mf-drafts']?.history.at(-1)?.reason ?? '', /poor-LCP share 30\.0 %/);
});

test('a poor INP share is judged the same way; a healthy canary names both vitals in its reason', () => {
  const inpWorse = judgeCanaries(
    manifest,
    withLcp(
      [150, 8],
      [1500, 75],
      [
        [150, 40],
        [1500, 60],
      ],
    ),
  )[0];
  assert.equal(inpWorse?.rollBack, true);
  assert.match(inpWorse?.reason ?? '', /^canary poor-INP share 26\.7 % over 150 views vs stable 4\.0 % over 1500/);
  const healthy = judgeCanaries(
    manifest,
    withLcp(
      [150, 8],
      [1500, 75],
      [
        [150, 6],
        [1500, 60],
      ],
    ),
  )[0];
  assert.equal(healthy?.rollBack, false);
  assert.match(healthy?.reason ?? '', /; poor-LCP share 5\.3 % over 150 views vs stable 5\.0 % .*; poor-INP share 4\.0 % over 150 views/);
});

test('too few measured views of the canary are not judged, however poor they look', () => {
  // 19 views, all poor: below the minimum of 20 measured views.
  const [verdict] = judgeCanaries(manifest, withLcp([19, 19], [1500, 75]));
  assert.equal(verdict?.rollBack, false);
  assert.equal(verdict?.vitals, undefined);
  assert.doesNotMatch(verdict?.reason ?? '', /LCP/);
  // The minimum of views is its own setting.
  assert.equal(judgeCanaries(manifest, withLcp([19, 19], [1500, 75]), { marginPoints: 5, minLoads: 20, minViews: 10 })[0]?.rollBack, true);
  // Chance: 3 of 20 poor against 5 %, p > 0.05.
  assert.equal(judgeCanaries(manifest, withLcp([20, 3], [1500, 75]))[0]?.rollBack, false);
});

test('without vitals the verdict and its reason are what they were', () => {
  const [verdict] = judgeCanaries(manifest, stats([100, 6], [100, 2]));
  assert.equal(verdict?.vitals, undefined);
  assert.doesNotMatch(verdict?.reason ?? '', /LCP|INP|views/);
  assert.match(verdict?.reason ?? '', /^canary failure rate 6\.0 % over 100 loads vs stable 2\.0 % over 100 .*; error-session rate 0\.0 % over 100 loads/);
});
