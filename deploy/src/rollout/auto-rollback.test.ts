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
  assert.equal(verdict?.reason, 'canary failure rate 10.0 % over 40 loads vs stable 2.0 % over 400 (margin 5 points)');
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
