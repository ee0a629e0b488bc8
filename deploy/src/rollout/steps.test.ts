import assert from 'node:assert/strict';
import { test } from 'node:test';
import { release } from '../testing/releases';
import { emptyManifest } from './manifest';
import { chooseVersion } from '../bucket';
import { pause, pin, promote, rollback, setQaUser, startCanary, unpin } from './steps';
import type { RolloutManifest } from './types';

const ctx = { who: 'ana', at: '2026-01-01T00:00:00.000Z' };
const R = 'mf-drafts';

function stableAt(version: string): RolloutManifest {
  return promote(emptyManifest('s'), R, ctx, release(version));
}

test('build → 10 % canary → 100 % → promote keeps the old stable for rollback', () => {
  let m = stableAt('1.0.0');
  m = startCanary(m, release('1.1.0'), 10, ctx);
  assert.equal(m.remotes[R]?.canary?.percent, 10);
  assert.deepEqual(m.remotes[R]?.canary?.integrity, { 'mf-manifest.json': 'sha384-m1.1.0', 'remoteEntry.js': 'sha384-e1.1.0' });
  m = startCanary(m, release('1.1.0'), 100, ctx);
  m = promote(m, R, ctx);
  const r = m.remotes[R];
  assert.equal(r?.stable?.version, '1.1.0');
  assert.equal(r?.canary, undefined);
  assert.deepEqual(
    r?.previousStable.map((p) => p.version),
    ['1.0.0'],
  );
  assert.deepEqual(
    r?.history.map((h) => [h.action, h.from, h.to]),
    [
      ['promote', null, '1.0.0'],
      ['canary', '1.0.0', '1.1.0@10%'],
      ['canary', '1.1.0@10%', '1.1.0@100%'],
      ['promote', '1.0.0', '1.1.0'],
    ],
  );
});

test('each canary run is numbered by the revision that started it; a percentage change keeps the run', () => {
  // The store bumps the revision on every write; here by hand.
  const written = (m: RolloutManifest) => ({ ...m, revision: m.revision + 1 });
  let m = written(stableAt('1.0.0'));
  m = written(startCanary(m, release('1.1.0'), 10, ctx));
  assert.equal(m.remotes[R]?.canary?.since, 2);
  m = written(startCanary(m, release('1.1.0'), 50, ctx));
  assert.equal(m.remotes[R]?.canary?.since, 2);
  m = written(rollback(m, R, ctx));
  m = written(startCanary(m, release('1.1.0'), 10, ctx));
  assert.equal(m.remotes[R]?.canary?.since, 5, 'started again: a new run, counted from zero');
  m = promote(m, R, ctx);
  assert.equal(m.remotes[R]?.stable && 'since' in m.remotes[R].stable, false, 'stable carries no run');
});

test('rollback drops a running canary and leaves stable alone', () => {
  const m = rollback(startCanary(stableAt('1.0.0'), release('1.1.0'), 10, ctx), R, { ...ctx, reason: 'blank screen' });
  assert.equal(m.remotes[R]?.stable?.version, '1.0.0');
  assert.equal(m.remotes[R]?.canary, undefined);
  assert.deepEqual(m.remotes[R]?.history.at(-1), { at: ctx.at, who: 'ana', remote: R, action: 'rollback', from: '1.1.0', to: '1.0.0', reason: 'blank screen' });
});

test('without a canary, rollback returns to the previous stable, one step per call', () => {
  let m = stableAt('1.0.0');
  for (const v of ['1.1.0', '1.2.0']) m = promote(startCanary(m, release(v), 50, ctx), R, ctx);
  m = rollback(m, R, ctx);
  assert.equal(m.remotes[R]?.stable?.version, '1.1.0');
  m = rollback(m, R, ctx);
  assert.equal(m.remotes[R]?.stable?.version, '1.0.0');
  assert.throws(() => rollback(m, R, ctx), /no canary and no previous stable version/);
});

test('refuses canary steps that break the rules', () => {
  const m = startCanary(stableAt('1.1.0'), release('1.2.0'), 10, ctx);
  assert.throws(() => startCanary(m, release('1.3.0'), 10, ctx), /1\.2\.0 is already on canary: promote it or roll it back first/);
  assert.throws(() => startCanary(stableAt('1.1.0'), release('1.0.0'), 10, ctx), /must be newer than stable 1\.1\.0/);
  for (const bad of [0, -5, 101, Number.NaN]) assert.throws(() => startCanary(stableAt('1.0.0'), release('1.1.0'), bad, ctx), /0 < N ≤ 100/);
  assert.throws(() => startCanary(m, release('1.2.0'), 10, ctx), /already on canary at 10 %/);
  assert.throws(() => promote(stableAt('1.0.0'), R, ctx), /no canary to promote/);
  assert.throws(() => promote(m, R, ctx, release('1.3.0')), /is on canary: promote or roll it back/);
  assert.throws(() => promote(stableAt('1.0.0'), R, ctx, release('1.0.0')), /already stable/);
});

test('pins, unpins and QA users are recorded with the user concerned', () => {
  let m = pin(stableAt('1.0.0'), release('0.9.0'), 'u7', ctx);
  assert.deepEqual(m.remotes[R]?.pins, { u7: '0.9.0' });
  assert.throws(() => pin(m, release('0.9.0'), 'u7', ctx), /already pinned/);
  m = unpin(m, R, 'u7', ctx);
  assert.deepEqual(m.remotes[R]?.pins, {});
  assert.throws(() => unpin(m, R, 'u7', ctx), /has no pin/);
  m = setQaUser(m, R, 'qa1', true, ctx);
  assert.deepEqual(m.remotes[R]?.qaUsers, ['qa1']);
  assert.throws(() => setQaUser(m, R, 'qa1', true, ctx), /already a QA user/);
  m = setQaUser(m, R, 'qa1', false, ctx);
  assert.deepEqual(m.remotes[R]?.qaUsers, []);
  assert.deepEqual(
    m.remotes[R]?.history.slice(1).map((h) => `${h.action}:${h.user}`),
    ['pin:u7', 'unpin:u7', 'qa-add:qa1', 'qa-remove:qa1'],
  );
});

test('steps never modify the manifest they are given', () => {
  const before = stableAt('1.0.0');
  const copy = structuredClone(before);
  startCanary(before, release('1.1.0'), 10, ctx);
  assert.deepEqual(before, copy);
});

test('a paused canary keeps its version and share but buckets nobody; a canary step resumes it; promote drops the flag', () => {
  let m = startCanary(stableAt('1.0.0'), release('1.1.0'), 100, ctx);
  assert.equal(chooseVersion(m.remotes[R]!, 'u1', R, m.salt)?.version, '1.1.0');
  m = pause(m, R, { ...ctx, reason: 'checking a report' });
  assert.deepEqual(m.remotes[R]?.canary && [m.remotes[R].canary.version, m.remotes[R].canary.percent, m.remotes[R].canary.paused], ['1.1.0', 100, true]);
  assert.equal(chooseVersion(m.remotes[R]!, 'u1', R, m.salt)?.version, '1.0.0');
  m = pin(m, release('1.1.0'), 'qa-1', ctx);
  assert.equal(chooseVersion(m.remotes[R]!, 'qa-1', R, m.salt)?.version, '1.1.0', 'a pin still reaches it');
  assert.throws(() => pause(m, R, ctx), /already paused/);
  m = startCanary(m, release('1.1.0'), 100, ctx);
  assert.equal(m.remotes[R]?.canary?.paused, undefined);
  assert.equal(chooseVersion(m.remotes[R]!, 'u1', R, m.salt)?.version, '1.1.0');
  m = pause(m, R, ctx);
  m = promote(m, R, ctx);
  assert.equal(m.remotes[R]?.stable?.version, '1.1.0');
  assert.equal('paused' in (m.remotes[R]?.stable ?? {}), false);
  assert.throws(() => pause(stableAt('1.0.0'), R, ctx), /no canary to pause/);
  assert.deepEqual(
    m.remotes[R]?.history.filter((h) => h.action === 'pause').map((h) => [h.from, h.to, h.reason]),
    [
      ['1.1.0@100%', '1.1.0@0%', 'checking a report'],
      ['1.1.0@100%', '1.1.0@0%', undefined],
    ],
  );
});
