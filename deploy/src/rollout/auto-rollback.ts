import { rollback, type StepContext } from './steps';
import type { RolloutManifest, RolloutStats } from './types';

export interface AutoRollbackPolicy {
  /** How many percentage points the canary's failure rate may exceed stable's. */
  marginPoints: number;
  /** Canary loads needed before judging: a handful of loads proves nothing. */
  minLoads: number;
}

export const DEFAULT_POLICY: AutoRollbackPolicy = { marginPoints: 5, minLoads: 20 };

export interface CanaryVerdict {
  remote: string;
  canary: string;
  stable: string | null;
  canaryRate: number;
  stableRate: number;
  canaryLoads: number;
  rollBack: boolean;
  reason: string;
}

const rate = (c: { loads: number; failures: number } | undefined) => (c && c.loads > 0 ? c.failures / c.loads : 0);
const pct = (r: number) => `${(r * 100).toFixed(1)} %`;

/** Judges every running canary against its stable. Pure: the same stats give the same verdicts. */
export function judgeCanaries(manifest: RolloutManifest, stats: RolloutStats, policy: AutoRollbackPolicy = DEFAULT_POLICY): CanaryVerdict[] {
  const verdicts: CanaryVerdict[] = [];
  for (const [remote, rollout] of Object.entries(manifest.remotes)) {
    if (!rollout.canary) continue;
    const canary = stats[remote]?.[rollout.canary.version];
    const stable = rollout.stable ? stats[remote]?.[rollout.stable.version] : undefined;
    const canaryRate = rate(canary);
    // No stable loads yet (a first release) counts as a clean baseline.
    const stableRate = rate(stable);
    const canaryLoads = canary?.loads ?? 0;
    const enough = canaryLoads >= policy.minLoads;
    const rollBack = enough && (canaryRate - stableRate) * 100 > policy.marginPoints;
    const reason = !enough
      ? `only ${canaryLoads} canary loads (judging from ${policy.minLoads})`
      : `canary failure rate ${pct(canaryRate)} over ${canaryLoads} loads vs stable ${pct(stableRate)} over ${stable?.loads ?? 0} (margin ${policy.marginPoints} points)`;
    verdicts.push({ remote, canary: rollout.canary.version, stable: rollout.stable?.version ?? null, canaryRate, stableRate, canaryLoads, rollBack, reason });
  }
  return verdicts;
}

/** Applies the verdicts: each failing canary is dropped, with the figures as the history's reason. */
export function applyAutoRollback(manifest: RolloutManifest, verdicts: CanaryVerdict[], ctx: Omit<StepContext, 'reason'>): RolloutManifest {
  return verdicts.filter((v) => v.rollBack).reduce((m, v) => rollback(m, v.remote, { ...ctx, reason: v.reason }, 'auto-rollback'), manifest);
}

/** Adds one load report to the stats (the server's counter uses the same shape). */
export function recordLoad(stats: RolloutStats, remote: string, version: string, ok: boolean): RolloutStats {
  const current = stats[remote]?.[version] ?? { loads: 0, failures: 0 };
  const next = { loads: current.loads + 1, failures: current.failures + (ok ? 0 : 1) };
  return { ...stats, [remote]: { ...stats[remote], [version]: next } };
}
