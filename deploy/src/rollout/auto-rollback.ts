import { rollback, type StepContext } from './steps';
import { fisherWorse } from './fisher';
import type { RolloutManifest, RolloutStats, VersionCounts, VitalCounts, VitalName } from './types';

export interface AutoRollbackPolicy {
  /** How many percentage points worse than stable the canary must be to matter (the smallest effect acted on). */
  marginPoints: number;
  /** Canary page loads needed before judging: a handful of loads proves nothing. */
  minLoads: number;
  /** How unlikely by chance the difference must be (Fisher's exact test, one-sided): 0.05 by default. */
  alpha?: number;
  /** Canary page views measured (per field vital) before its poor share is judged: `minLoads` by default. */
  minViews?: number;
}

export const DEFAULT_POLICY: AutoRollbackPolicy = { marginPoints: 5, minLoads: 20, alpha: 0.05 };

/**
 * The figures of one analysis, for the audit trail and the release alerts: the version judged and
 * its baseline (stable, or for a watch window the stable it replaced), their loads, load-failure and
 * error-session rates, and the smallest p-value of the comparisons.
 */
export interface AnalysisFigures {
  version: string;
  baseline: string | null;
  loads: number;
  baselineLoads: number;
  failureRate: number;
  baselineFailureRate: number;
  errorRate: number;
  baselineErrorRate: number;
  pValue: number;
}

/** A verdict's figures. */
export function analysisOf(verdict: CanaryVerdict): AnalysisFigures {
  return {
    version: verdict.canary,
    baseline: verdict.stable,
    loads: verdict.canaryLoads,
    baselineLoads: verdict.stableLoads,
    failureRate: verdict.canaryRate,
    baselineFailureRate: verdict.stableRate,
    errorRate: verdict.canaryErrorRate,
    baselineErrorRate: verdict.stableErrorRate,
    pValue: verdict.pValue,
  };
}

export interface CanaryVerdict {
  remote: string;
  canary: string;
  stable: string | null;
  /** Load failures per load. */
  canaryRate: number;
  stableRate: number;
  /** Page loads with errors after loading, per load. */
  canaryErrorRate: number;
  stableErrorRate: number;
  canaryLoads: number;
  /** Stable's loads in the same run. */
  stableLoads: number;
  /** Poor page views per measured view, for each field vital the canary has enough views of. */
  vitals?: Partial<Record<VitalName, { canaryRate: number; stableRate: number; canaryViews: number }>>;
  /** The smallest p-value of the comparisons (1 when not judged). */
  pValue: number;
  rollBack: boolean;
  reason: string;
}

const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
const share = (bad: number, total: number) => (total > 0 ? bad / total : 0);

export interface Comparison {
  worse: boolean;
  p: number;
  text: string;
}

/**
 * One measure of the canary against stable: worse when it is worse by more than the margin and the
 * difference is unlikely by chance (p < alpha). Without any stable loads (a first release) the
 * baseline is taken as clean and the margin alone decides.
 */
export function compare(label: string, bad: [number, number], total: [number, number], policy: AutoRollbackPolicy, unit = 'loads'): Comparison {
  const [canaryBad, stableBad] = [Math.min(bad[0], total[0]), Math.min(bad[1], total[1])];
  const [canaryRate, stableRate] = [share(canaryBad, total[0]), share(stableBad, total[1])];
  const effect = (canaryRate - stableRate) * 100 > policy.marginPoints;
  const p = total[1] === 0 ? (effect ? 0 : 1) : fisherWorse(canaryBad, total[0], stableBad, total[1]);
  const alpha = policy.alpha ?? DEFAULT_POLICY.alpha!;
  const text = `${label} ${pct(canaryRate)} over ${total[0]} ${unit} vs stable ${pct(stableRate)} over ${total[1]} (margin ${policy.marginPoints} points, p = ${p < 0.001 ? p.toExponential(1) : p.toFixed(3)})`;
  return { worse: effect && p < alpha, p, text };
}

export const VITAL_NAMES: readonly VitalName[] = ['LCP', 'INP'];

/**
 * The share of poor page views of each field vital, canary against baseline, for the vitals the
 * canary has at least `minViews` measured views of (none measured: nothing compared, so reports
 * without vitals are judged as before).
 */
export function compareVitals(
  canary: VersionCounts['vitals'],
  baseline: VersionCounts['vitals'],
  policy: AutoRollbackPolicy,
  label: (name: VitalName) => string,
): { name: VitalName; counts: [VitalCounts, VitalCounts]; comparison: Comparison }[] {
  const minViews = policy.minViews ?? policy.minLoads;
  return VITAL_NAMES.flatMap((name) => {
    const c = canary?.[name] ?? { views: 0, poor: 0 };
    const b = baseline?.[name] ?? { views: 0, poor: 0 };
    if (c.views < minViews) return [];
    return [{ name, counts: [c, b], comparison: compare(label(name), [c.poor, b.poor], [c.views, b.views], policy, 'views') }];
  });
}

/**
 * Judges every running canary against its stable on what users saw: loads that failed, page
 * loads whose screens then failed (error reports), and the shares of page views with a poor LCP and
 * a poor INP (field vitals, once the canary has `minViews` of them). Pure: the same stats give the same verdicts.
 */
export function judgeCanaries(manifest: RolloutManifest, stats: RolloutStats, policy: AutoRollbackPolicy = DEFAULT_POLICY): CanaryVerdict[] {
  const verdicts: CanaryVerdict[] = [];
  for (const [remote, rollout] of Object.entries(manifest.remotes)) {
    if (!rollout.canary) continue;
    const canary = stats[remote]?.[rollout.canary.version];
    const stable = rollout.stable ? stats[remote]?.[rollout.stable.version] : undefined;
    const loads: [number, number] = [canary?.loads ?? 0, stable?.loads ?? 0];
    const canaryLoads = loads[0];
    const enough = canaryLoads >= policy.minLoads;
    const failures = compare('canary failure rate', [canary?.failures ?? 0, stable?.failures ?? 0], loads, policy);
    const errors = compare('canary error-session rate', [canary?.errorSessions ?? 0, stable?.errorSessions ?? 0], loads, policy);
    const vitals = compareVitals(canary?.vitals, stable?.vitals, policy, (name) => `canary poor-${name} share`);
    const comparisons = [failures, errors, ...vitals.map((v) => v.comparison)];
    const failing = comparisons.filter((c) => c.worse);
    const rollBack = enough && failing.length > 0;
    const reason = !enough
      ? `only ${canaryLoads} canary loads (judging from ${policy.minLoads})`
      : rollBack
        ? failing.map((c) => c.text).join('; ')
        : [failures.text, ...comparisons.slice(1).map((c) => c.text.replace(/^canary /, ''))].join('; ');
    verdicts.push({
      remote,
      canary: rollout.canary.version,
      stable: rollout.stable?.version ?? null,
      canaryRate: share(canary?.failures ?? 0, loads[0]),
      stableRate: share(stable?.failures ?? 0, loads[1]),
      canaryErrorRate: share(Math.min(canary?.errorSessions ?? 0, loads[0]), loads[0]),
      stableErrorRate: share(Math.min(stable?.errorSessions ?? 0, loads[1]), loads[1]),
      canaryLoads,
      stableLoads: loads[1],
      ...(vitals.length
        ? {
            vitals: Object.fromEntries(
              vitals.map(({ name, counts: [c, s] }) => [
                name,
                { canaryRate: share(c.poor, c.views), stableRate: share(s.poor, s.views), canaryViews: c.views },
              ]),
            ),
          }
        : {}),
      pValue: enough ? Math.min(...comparisons.map((c) => c.p)) : 1,
      rollBack,
      reason,
    });
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
