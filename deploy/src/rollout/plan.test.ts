import assert from 'node:assert/strict';
import { test } from 'node:test';
import { release } from '../testing/releases';
import { emptyManifest } from './manifest';
import { applyPlanDecisions, decidePlans } from './plan';
import { pause, promote, startCanary } from './steps';
import type { RolloutManifest, RolloutStats } from './types';

const R = 'mf-drafts';
const policy = { marginPoints: 5, minLoads: 20, alpha: 0.05 };
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const ctxAt = (minutes: number) => ({ who: 'api-server (step plan)', at: at(minutes).toISOString() });

function planned(steps = [5, 25, 50, 100], pauseMinutes = 10, watchMinutes = 30): RolloutManifest {
  const m = promote(emptyManifest('s'), R, ctxAt(0), release('1.0.0'));
  return startCanary(m, release('1.1.0'), 0, ctxAt(0), { steps, pauseMinutes, watchMinutes });
}

const stats = (canary: [number, number, number?], stable: [number, number, number?]): RolloutStats => ({
  [R]: {
    '1.1.0': { loads: canary[0], failures: canary[1], errorSessions: canary[2] ?? 0 },
    '1.0.0': { loads: stable[0], failures: stable[1], errorSessions: stable[2] ?? 0 },
  },
});

/** One check of the step plan: decide and apply, as the server does (the revision bumped like a store write). */
function check(m: RolloutManifest, s: RolloutStats, minutes: number): RolloutManifest {
  const next = applyPlanDecisions(m, decidePlans(m, s, at(minutes), policy), ctxAt(minutes));
  return next === m ? m : { ...next, revision: m.revision + 1 };
}

test('a canary started with a plan begins at its first step', () => {
  const m = planned();
  const canary = m.remotes[R]?.canary;
  assert.equal(canary?.percent, 5);
  assert.deepEqual(canary?.plan, {
    steps: [5, 25, 50, 100],
    pauseMinutes: 10,
    watchMinutes: 30,
    step: 0,
    stepStartedAt: at(0).toISOString(),
    stepStartLoads: 0,
  });
});

test('refuses plans that are not ascending shares ending at 100', () => {
  const m = promote(emptyManifest('s'), R, ctxAt(0), release('1.0.0'));
  for (const steps of [[], [5, 50], [50, 25, 100], [5, 5, 100], [0, 100], [5, 120]]) {
    assert.throws(() => startCanary(m, release('1.1.0'), 0, ctxAt(0), { steps, pauseMinutes: 5 }), /--steps/, String(steps));
  }
  assert.throws(() => startCanary(m, release('1.1.0'), 0, ctxAt(0), { steps: [100], pauseMinutes: -1 }), /--pause-minutes/);
});

test('waits for the pause and the loads, then advances step by step and promotes after the last', () => {
  let m = planned();
  // Enough loads but the pause is not over; then the pause but too few loads on this step.
  assert.deepEqual(
    decidePlans(m, stats([30, 0], [600, 6]), at(5), policy).map((d) => [d.kind, d.reason]),
    [['wait', '5 of 10 minutes at 5 %']],
  );
  assert.deepEqual(
    decidePlans(m, stats([10, 0], [600, 6]), at(20), policy).map((d) => [d.kind, d.reason]),
    [['wait', '10 canary loads at 5 % (advancing from 20)']],
  );
  m = check(m, stats([30, 0], [600, 6]), 10);
  assert.equal(m.remotes[R]?.canary?.percent, 25);
  assert.equal(m.remotes[R]?.canary?.plan?.stepStartLoads, 30);
  // The next step counts its own loads: 30 + 15 is not 20 more.
  m = check(m, stats([45, 0], [700, 7]), 25);
  assert.equal(m.remotes[R]?.canary?.percent, 25);
  m = check(m, stats([60, 0], [800, 8]), 25);
  assert.equal(m.remotes[R]?.canary?.percent, 50);
  m = check(m, stats([100, 1], [850, 8]), 36);
  assert.equal(m.remotes[R]?.canary?.percent, 100);
  m = check(m, stats([200, 1], [850, 8]), 46);
  const r = m.remotes[R]!;
  assert.equal(r.stable?.version, '1.1.0');
  assert.equal(r.canary, undefined);
  assert.deepEqual(r.watch, {
    version: '1.1.0',
    since: m.revision,
    until: at(46 + 30).toISOString(),
    baseline: { version: '1.0.0', loads: 850, failures: 8, errorSessions: 0 },
  });
  assert.deepEqual(
    r.history.slice(2).map((h) => [h.who, h.action, h.from, h.to]),
    [
      ['api-server (step plan)', 'canary', '1.1.0@5%', '1.1.0@25%'],
      ['api-server (step plan)', 'canary', '1.1.0@25%', '1.1.0@50%'],
      ['api-server (step plan)', 'canary', '1.1.0@50%', '1.1.0@100%'],
      ['api-server (step plan)', 'promote', '1.0.0', '1.1.0'],
    ],
  );
  assert.match(
    r.history[2]!.reason!,
    /^step plan 5 → 25 %: 5 % held 10 min with 30 canary loads; canary failure rate 0\.0 % over 30 loads vs stable 1\.0 % over 600/,
  );
  assert.match(r.history.at(-1)!.reason!, /^step plan complete: 100 % held 10 min with 100 canary loads/);
});

test('an unhealthy canary is rolled back at its step instead of advancing', () => {
  let m = planned();
  m = check(m, stats([30, 0], [600, 6]), 10);
  assert.equal(m.remotes[R]?.canary?.percent, 25);
  m = check(m, stats([80, 2, 12], [700, 7, 7]), 12);
  const r = m.remotes[R]!;
  assert.equal(r.canary, undefined);
  assert.equal(r.stable?.version, '1.0.0');
  assert.equal(r.history.at(-1)?.action, 'auto-rollback');
  assert.match(r.history.at(-1)!.reason!, /^step plan at 25 %: canary error-session rate 15\.0 % over 80 loads vs stable 1\.0 % over 700/);
});

test('a paused planned canary waits; resuming keeps the plan and restarts the pause', () => {
  let m = planned();
  m = pause(m, R, ctxAt(3));
  assert.deepEqual(decidePlans(m, stats([30, 0], [600, 6]), at(30), policy)[0]?.kind, 'wait');
  m = startCanary(m, release('1.1.0'), 5, ctxAt(30));
  assert.equal(m.remotes[R]?.canary?.plan?.stepStartedAt, at(30).toISOString());
  assert.equal(decidePlans(m, stats([30, 0], [600, 6]), at(35), policy)[0]?.kind, 'wait');
  assert.equal(decidePlans(m, stats([30, 0], [600, 6]), at(40), policy)[0]?.kind, 'advance');
  // A share changed by hand ends the plan.
  m = startCanary(m, release('1.1.0'), 30, ctxAt(41));
  assert.equal(m.remotes[R]?.canary?.plan, undefined);
  assert.deepEqual(decidePlans(m, stats([300, 0], [600, 6]), at(90), policy), []);
});

function promotedWithWatch(): RolloutManifest {
  let m = planned([100], 0, 30);
  m = check(m, stats([40, 0], [500, 5, 10]), 1);
  assert.equal(m.remotes[R]?.watch?.version, '1.1.0');
  return m;
}

/** Counts of the watch run: only the promoted version is served. */
const watchStats = (loads: number, failures: number, errorSessions = 0): RolloutStats => ({ [R]: { '1.1.0': { loads, failures, errorSessions } } });

test('a promoted version that turns bad within its window is rolled back to the previous stable', () => {
  let m = promotedWithWatch();
  // Too few loads in the window yet: waits even when they look bad.
  assert.equal(decidePlans(m, watchStats(10, 5), at(5), policy)[0]?.kind, 'wait');
  m = check(m, watchStats(60, 1, 12), 10);
  const r = m.remotes[R]!;
  assert.equal(r.stable?.version, '1.0.0');
  assert.equal(r.watch, undefined);
  assert.equal(r.history.at(-1)?.action, 'auto-rollback');
  assert.deepEqual([r.history.at(-1)?.from, r.history.at(-1)?.to], ['1.1.0', '1.0.0']);
  assert.match(r.history.at(-1)!.reason!, /^watch window: error-session rate after promote 20\.0 % over 60 loads vs 1\.0\.0 2\.0 % over 500/);
});

test('a healthy promoted version leaves its window when it ends; a manual step ends it too', () => {
  let m = promotedWithWatch();
  m = check(m, watchStats(200, 2, 4), 20);
  assert.equal(m.remotes[R]?.watch?.version, '1.1.0');
  m = check(m, watchStats(300, 3, 6), 31);
  assert.equal(m.remotes[R]?.watch, undefined);
  assert.equal(m.remotes[R]?.stable?.version, '1.1.0');
  const again = startCanary(promotedWithWatch(), release('1.2.0'), 10, ctxAt(5));
  assert.equal(again.remotes[R]?.watch, undefined);
});

const lcp = (views: number, poor: number) => ({ LCP: { views, poor } });

test('a step plan rolls back on a poor-LCP share worse than stable, and a promote keeps stable vitals for its watch', () => {
  let m = planned();
  m = check(m, stats([30, 0], [600, 6]), 10);
  const bad: RolloutStats = {
    [R]: {
      '1.1.0': { loads: 80, failures: 0, errorSessions: 0, vitals: lcp(60, 24) },
      '1.0.0': { loads: 700, failures: 7, errorSessions: 7, vitals: lcp(600, 30) },
    },
  };
  const [decision] = decidePlans(m, bad, at(30), policy);
  assert.equal(decision?.kind, 'rollback');
  assert.match(decision?.reason ?? '', /^step plan at 25 %: canary poor-LCP share 40\.0 % over 60 views vs stable 5\.0 % over 600/);
  // Too few measured views: the plan advances on its loads as before.
  const few: RolloutStats = { [R]: { ...bad[R], '1.1.0': { loads: 80, failures: 0, errorSessions: 0, vitals: lcp(10, 10) } } };
  assert.equal(decidePlans(m, few, at(30), policy)[0]?.kind, 'advance');

  let p = planned([100], 0, 30);
  p = check(p, { [R]: { '1.1.0': { loads: 40, failures: 0, vitals: lcp(30, 1) }, '1.0.0': { loads: 500, failures: 5, vitals: lcp(400, 20) } } }, 1);
  assert.deepEqual(p.remotes[R]?.watch?.baseline.vitals, lcp(400, 20));
  const worse = decidePlans(p, { [R]: { '1.1.0': { loads: 100, failures: 1, vitals: lcp(80, 32) } } }, at(5), policy)[0];
  assert.equal(worse?.kind, 'watch-rollback');
  assert.match(worse?.reason ?? '', /^watch window: poor-LCP share after promote 40\.0 % over 80 views vs 1\.0\.0 5\.0 % over 400/);
});

test("a first release's watch window that fails its analysis ends once, with the figures, and rolls nothing back", () => {
  // The remote's first version, promoted by a one-step plan: its watch has no previous stable.
  let m = startCanary(emptyManifest('s'), release('1.0.0'), 0, ctxAt(0), { steps: [100], pauseMinutes: 0, watchMinutes: 30 });
  m = check(m, { [R]: { '1.0.0': { loads: 30, failures: 0 } } }, 1);
  assert.deepEqual([m.remotes[R]?.stable?.version, m.remotes[R]?.watch?.baseline.version], ['1.0.0', null]);
  const failing = { [R]: { '1.0.0': { loads: 40, failures: 10, errorSessions: 4 } } };
  const [decision] = decidePlans(m, failing, at(5), policy);
  assert.equal(decision?.kind, 'watch-failed');
  assert.match(
    decision?.reason ?? '',
    /^watch window, no previous stable to roll back to: failure rate after promote 25\.0 % over 40 loads vs no baseline 0\.0 % over 0/,
  );
  assert.deepEqual(decision?.kind === 'watch-failed' ? decision.analysis : null, {
    version: '1.0.0',
    baseline: null,
    loads: 40,
    baselineLoads: 0,
    failureRate: 0.25,
    baselineFailureRate: 0,
    errorRate: 0.1,
    baselineErrorRate: 0,
    pValue: 0,
  });
  const after = check(m, failing, 5);
  assert.equal(after.remotes[R]?.stable?.version, '1.0.0');
  assert.equal(after.remotes[R]?.watch, undefined);
  // Said once: the next check has no window left to judge.
  assert.deepEqual(decidePlans(after, failing, at(6), policy), []);
});
