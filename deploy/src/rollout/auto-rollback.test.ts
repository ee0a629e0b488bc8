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
