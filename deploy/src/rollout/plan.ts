/**
 * Step plans: a canary walks its shares (e.g. 5 → 25 → 50 → 100 %) by itself while healthy, is rolled
 * back when not, and once promoted is still watched for a window against the stable it replaced.
 * Pure: given the manifest, the counts of each remote's current run (for a watched remote: of its
 * watch run) and the time, `decidePlans` says what to do; `applyPlanDecisions` writes it.
 */
import { type AnalysisFigures, analysisOf, compare, compareVitals, judgeCanaries, type AutoRollbackPolicy } from './auto-rollback';
import { change, promote, rollback, type StepContext } from './steps';
import type { RolloutManifest, RolloutStats, WatchBaseline } from './types';

export type PlanDecision =
  /** The step held long enough, with enough loads and a healthy analysis: on to the next share. */
  | { kind: 'advance'; remote: string; version: string; from: number; to: number; loads: number; reason: string }
  /** The last step (100 %) held: the canary becomes stable and its watch window starts. */
  | {
      kind: 'promote';
      remote: string;
      version: string;
      loads: number;
      baseline: WatchBaseline;
      reason: string;
    }
  /** The analysis finds the canary worse than stable: dropped. */
  | { kind: 'rollback'; remote: string; version: string; analysis: AnalysisFigures; reason: string }
  /** The promoted version is worse than the stable it replaced, within its window: back to that one. */
  | { kind: 'watch-rollback'; remote: string; version: string; analysis: AnalysisFigures; reason: string }
  /**
   * The promoted version fails its watch window's analysis but there is no version to go back to (it
   * was the remote's first stable): the window ends, nothing is rolled back, and people are told.
   */
  | { kind: 'watch-failed'; remote: string; version: string; analysis: AnalysisFigures; reason: string }
  /** The window is over: nothing watches the version any more. */
  | { kind: 'watch-end'; remote: string; version: string; reason: string }
  | { kind: 'wait'; remote: string; version: string; reason: string };

const share = (bad: number, total: number) => (total > 0 ? Math.min(bad, total) / total : 0);
const minutes = (ms: number) => Math.round((ms / 60_000) * 10) / 10;

/** What every step plan and watch window of the manifest calls for now. */
export function decidePlans(manifest: RolloutManifest, stats: RolloutStats, now: Date, policy: AutoRollbackPolicy): PlanDecision[] {
  const decisions: PlanDecision[] = [];
  for (const [remote, rollout] of Object.entries(manifest.remotes)) {
    const canary = rollout.canary;
    if (canary?.plan) {
      const plan = canary.plan;
      const version = canary.version;
      if (canary.paused) {
        decisions.push({ kind: 'wait', remote, version, reason: 'paused' });
        continue;
      }
      const [verdict] = judgeCanaries({ ...manifest, remotes: { [remote]: rollout } }, stats, policy);
      if (verdict?.rollBack) {
        decisions.push({ kind: 'rollback', remote, version, analysis: analysisOf(verdict), reason: `step plan at ${canary.percent} %: ${verdict.reason}` });
        continue;
      }
      const loads = stats[remote]?.[version]?.loads ?? 0;
      const stepLoads = loads - plan.stepStartLoads;
      const held = now.getTime() - Date.parse(plan.stepStartedAt);
      if (stepLoads < policy.minLoads) {
        decisions.push({ kind: 'wait', remote, version, reason: `${stepLoads} canary loads at ${canary.percent} % (advancing from ${policy.minLoads})` });
        continue;
      }
      if (held < plan.pauseMinutes * 60_000) {
        decisions.push({ kind: 'wait', remote, version, reason: `${minutes(held)} of ${plan.pauseMinutes} minutes at ${canary.percent} %` });
        continue;
      }
      const figures = `${canary.percent} % held ${minutes(held)} min with ${stepLoads} canary loads; ${verdict?.reason ?? ''}`;
      const last = plan.step >= plan.steps.length - 1;
      if (last) {
        const stable = rollout.stable ? stats[remote]?.[rollout.stable.version] : undefined;
        const baseline = {
          version: rollout.stable?.version ?? null,
          loads: stable?.loads ?? 0,
          failures: stable?.failures ?? 0,
          errorSessions: stable?.errorSessions ?? 0,
          ...(stable?.vitals ? { vitals: stable.vitals } : {}),
        };
        decisions.push({ kind: 'promote', remote, version, loads, baseline, reason: `step plan complete: ${figures}` });
      } else {
        const to = plan.steps[plan.step + 1]!;
        decisions.push({ kind: 'advance', remote, version, from: canary.percent, to, loads, reason: `step plan ${canary.percent} → ${to} %: ${figures}` });
      }
      continue;
    }
    const watch = rollout.watch;
    if (!watch || canary) continue;
    const version = watch.version;
    if (rollout.stable?.version !== version) {
      decisions.push({ kind: 'watch-end', remote, version, reason: `${version} is no longer stable` });
      continue;
    }
    const counts = stats[remote]?.[version];
    const loads = counts?.loads ?? 0;
    const base = watch.baseline;
    const failures = compare('failure rate after promote', [counts?.failures ?? 0, base.failures], [loads, base.loads], policy);
    const errors = compare('error-session rate after promote', [counts?.errorSessions ?? 0, base.errorSessions], [loads, base.loads], policy);
    const vitals = compareVitals(counts?.vitals, base.vitals, policy, (name) => `poor-${name} share after promote`);
    const comparisons = [failures, errors, ...vitals.map((v) => v.comparison)];
    const failing = comparisons.filter((c) => c.worse);
    if (loads >= policy.minLoads && failing.length > 0) {
      const analysis: AnalysisFigures = {
        version,
        baseline: base.version,
        loads,
        baselineLoads: base.loads,
        failureRate: share(counts?.failures ?? 0, loads),
        baselineFailureRate: share(base.failures, base.loads),
        errorRate: share(counts?.errorSessions ?? 0, loads),
        baselineErrorRate: share(base.errorSessions, base.loads),
        pValue: Math.min(...comparisons.map((c) => c.p)),
      };
      if (base.version) {
        const text = failing.map((c) => c.text.replace(/ vs stable /, ` vs ${base.version} `)).join('; ');
        decisions.push({ kind: 'watch-rollback', remote, version, analysis, reason: `watch window: ${text}` });
      } else {
        // Its first stable: nothing to go back to. Said once (the window ends); people decide.
        const text = failing.map((c) => c.text.replace(/ vs stable /, ' vs no baseline ')).join('; ');
        decisions.push({ kind: 'watch-failed', remote, version, analysis, reason: `watch window, no previous stable to roll back to: ${text}` });
      }
    } else if (now.getTime() >= Date.parse(watch.until)) {
      decisions.push({ kind: 'watch-end', remote, version, reason: `watch window over with ${loads} loads` });
    } else {
      decisions.push({ kind: 'wait', remote, version, reason: `watching until ${watch.until}: ${loads} loads` });
    }
  }
  return decisions;
}

/** Writes the decisions that change something (all but `wait`) into the manifest, each with its figures as the history's reason. */
export function applyPlanDecisions(manifest: RolloutManifest, decisions: PlanDecision[], ctx: Omit<StepContext, 'reason'>): RolloutManifest {
  let next = manifest;
  for (const decision of decisions) {
    const step = { ...ctx, reason: decision.reason };
    const { remote } = decision;
    switch (decision.kind) {
      case 'advance':
        next = change(
          next,
          remote,
          step,
          { action: 'canary', from: `${decision.version}@${decision.from}%`, to: `${decision.version}@${decision.to}%` },
          (r) => ({
            ...r,
            canary: {
              ...r.canary!,
              percent: decision.to,
              plan: { ...r.canary!.plan!, step: r.canary!.plan!.step + 1, stepStartedAt: ctx.at, stepStartLoads: decision.loads },
            },
          }),
        );
        break;
      case 'promote': {
        const watchMinutes = next.remotes[remote]!.canary!.plan!.watchMinutes;
        next = promote(next, remote, step);
        if (watchMinutes > 0) {
          // Reports after the promote count in the run of the revision this write makes.
          const watch = {
            version: decision.version,
            since: manifest.revision + 1,
            until: new Date(Date.parse(ctx.at) + watchMinutes * 60_000).toISOString(),
            baseline: decision.baseline,
          };
          next = { ...next, remotes: { ...next.remotes, [remote]: { ...next.remotes[remote]!, watch } } };
        }
        break;
      }
      case 'rollback':
      case 'watch-rollback':
        next = rollback(next, remote, step, 'auto-rollback');
        break;
      case 'watch-end':
      case 'watch-failed': {
        const { watch: _watch, ...rest } = next.remotes[remote]!;
        next = { ...next, remotes: { ...next.remotes, [remote]: rest } };
        break;
      }
      case 'wait':
        break;
    }
  }
  return next;
}
