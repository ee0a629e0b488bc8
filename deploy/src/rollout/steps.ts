import { RefusalError } from '../errors';
import { compareVersions } from '../semver';
import type { ReleaseInfo } from '../store/release-types';
import { emptyRemote } from './manifest';
import type { HistoryEntry, RemoteRollout, RolloutAction, RolloutManifest, StepPlan, VersionRef } from './types';

/** Who does a step, when and why: lands in the remote's history. */
export interface StepContext {
  who: string;
  at: string;
  reason?: string;
}

/** How many former stables are kept to roll back to. */
export const KEEP_PREVIOUS = 10;

export function versionRef(release: ReleaseInfo): VersionRef {
  const integrity: Record<string, string> = {};
  for (const file of [release.entry, release.remoteEntry]) {
    const hash = release.integrity[file];
    if (hash) integrity[file] = hash;
  }
  return { version: release.version, entry: release.entry, integrity };
}

/** Applies `update` to one remote and appends the history entry (shared with plan.ts). */
export function change(
  manifest: RolloutManifest,
  remote: string,
  ctx: StepContext,
  entry: Omit<HistoryEntry, 'at' | 'who' | 'remote'>,
  update: (current: RemoteRollout) => RemoteRollout,
): RolloutManifest {
  const current = manifest.remotes[remote] ?? emptyRemote();
  const record: HistoryEntry = { at: ctx.at, who: ctx.who, remote, ...entry, ...(ctx.reason ? { reason: ctx.reason } : {}) };
  const next = { ...update(current), history: [...current.history, record] };
  return { ...manifest, remotes: { ...manifest.remotes, [remote]: next } };
}

const historyOf = (action: RolloutAction, from: string | null, to: string | null) => ({ action, from, to });

/** What a caller asks for when it starts a canary with a step plan. */
export interface PlanRequest {
  steps: number[];
  pauseMinutes: number;
  watchMinutes?: number;
}

export const DEFAULT_WATCH_MINUTES = 30;
const MAX_STEPS = 10;
const MAX_MINUTES = 7 * 24 * 60;

/** Refuses a plan that is not ascending shares ending at 100 with sane pauses. */
export function checkPlan(plan: PlanRequest): void {
  const { steps, pauseMinutes, watchMinutes = DEFAULT_WATCH_MINUTES } = plan;
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > MAX_STEPS) throw new RefusalError(`--steps must list 1 to ${MAX_STEPS} percentages`);
  steps.forEach((p, i) => {
    if (!Number.isFinite(p) || p <= 0 || p > 100) throw new RefusalError(`--steps: every step must be 0 < N ≤ 100 (got ${p})`);
    if (i > 0 && p <= steps[i - 1]!) throw new RefusalError(`--steps must be ascending (got ${steps.join(',')})`);
  });
  if (steps[steps.length - 1] !== 100) throw new RefusalError(`--steps must end at 100 (got ${steps.join(',')})`);
  for (const [name, value] of [
    ['--pause-minutes', pauseMinutes],
    ['--watch-minutes', watchMinutes],
  ] as const) {
    if (!Number.isFinite(value) || value < 0 || value > MAX_MINUTES) throw new RefusalError(`${name} must be between 0 and ${MAX_MINUTES} (got ${value})`);
  }
}

/**
 * Starts a canary, or changes the percentage of the one running. With a plan, the canary starts
 * (or restarts its plan) at the plan's first step and `percent` is that step. Without one, a
 * percentage change by hand ends the plan; resuming a paused canary at its share keeps it, its
 * step's pause counting again from now.
 */
export function startCanary(manifest: RolloutManifest, release: ReleaseInfo, percent: number, ctx: StepContext, plan?: PlanRequest): RolloutManifest {
  const { remote, version } = release;
  if (plan) {
    checkPlan(plan);
    percent = plan.steps[0]!;
  }
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100) {
    throw new RefusalError(`--percent must be a number with 0 < N ≤ 100 (got ${percent})`);
  }
  const current = manifest.remotes[remote] ?? emptyRemote();
  if (current.canary && current.canary.version !== version) {
    throw new RefusalError(`${remote} ${current.canary.version} is already on canary: promote it or roll it back first`);
  }
  if (current.stable && compareVersions(version, current.stable.version) <= 0) {
    throw new RefusalError(`a canary must be newer than stable ${current.stable.version}; to go back, use rollback`);
  }
  if (!plan && current.canary?.percent === percent && !current.canary.paused)
    throw new RefusalError(`${remote} ${version} is already on canary at ${percent} %`);
  const from = current.canary ? `${version}@${current.canary.percent}%` : (current.stable?.version ?? null);
  // A new run starts at the revision this step writes; a percentage change continues the run.
  const since = current.canary ? (current.canary.since ?? 0) : manifest.revision + 1;
  let nextPlan: StepPlan | undefined;
  if (plan) {
    // Loads already counted in a running canary's run count towards the first step.
    nextPlan = {
      steps: [...plan.steps],
      pauseMinutes: plan.pauseMinutes,
      watchMinutes: plan.watchMinutes ?? DEFAULT_WATCH_MINUTES,
      step: 0,
      stepStartedAt: ctx.at,
      stepStartLoads: 0,
    };
  } else if (current.canary?.plan && current.canary.paused && current.canary.percent === percent) {
    nextPlan = { ...current.canary.plan, stepStartedAt: ctx.at };
  }
  const { watch: _watch, ...rest } = current;
  return change(manifest, remote, ctx, historyOf('canary', from, `${version}@${percent}%`), () => ({
    ...rest,
    canary: { ...versionRef(release), percent, since, ...(nextPlan ? { plan: nextPlan } : {}) },
  }));
}

/** Pauses the running canary: nobody is bucketed onto it until a canary step resumes it. */
export function pause(manifest: RolloutManifest, remote: string, ctx: StepContext): RolloutManifest {
  const canary = manifest.remotes[remote]?.canary;
  if (!canary) throw new RefusalError(`${remote} has no canary to pause`);
  if (canary.paused) throw new RefusalError(`${remote} ${canary.version} is already paused`);
  return change(manifest, remote, ctx, historyOf('pause', `${canary.version}@${canary.percent}%`, `${canary.version}@0%`), (r) => ({
    ...r,
    canary: { ...canary, paused: true },
  }));
}

/**
 * Makes the canary stable (or, with `direct`, a published version: for a remote's first release).
 * The former stable goes to the front of previousStable, where rollback finds it.
 */
export function promote(manifest: RolloutManifest, remote: string, ctx: StepContext, direct?: ReleaseInfo): RolloutManifest {
  const current = manifest.remotes[remote] ?? emptyRemote();
  if (direct && current.canary) {
    throw new RefusalError(`${remote} ${current.canary.version} is on canary: promote or roll it back before promoting another version`);
  }
  const next = direct ? versionRef(direct) : current.canary ? (({ percent: _p, since: _s, paused: _x, plan: _plan, ...ref }) => ref)(current.canary) : null;
  if (!next) throw new RefusalError(`${remote} has no canary to promote (start one with: canary ${remote} <version> --percent N)`);
  if (current.stable?.version === next.version) throw new RefusalError(`${remote} ${next.version} is already stable`);
  return change(manifest, remote, ctx, historyOf('promote', current.stable?.version ?? null, next.version), ({ watch: _watch, ...r }) => ({
    ...r,
    stable: next,
    canary: undefined,
    previousStable: (r.stable ? [r.stable, ...r.previousStable] : r.previousStable).slice(0, KEEP_PREVIOUS),
  }));
}

/**
 * With a canary running: drops it (everyone back on stable, which is untouched). Without one: the
 * previous stable becomes stable again; the version left behind is not kept, so rolling back twice
 * goes two versions back.
 */
export function rollback(manifest: RolloutManifest, remote: string, ctx: StepContext, action: RolloutAction = 'rollback'): RolloutManifest {
  const current = manifest.remotes[remote];
  if (current?.canary) {
    const dropped = current.canary.version;
    return change(manifest, remote, ctx, historyOf(action, dropped, current.stable?.version ?? null), ({ watch: _watch, ...r }) => ({
      ...r,
      canary: undefined,
    }));
  }
  const [previous, ...older] = current?.previousStable ?? [];
  if (!current?.stable || !previous) throw new RefusalError(`${remote} has no canary and no previous stable version to roll back to`);
  return change(manifest, remote, ctx, historyOf(action, current.stable.version, previous.version), ({ watch: _watch, ...r }) => ({
    ...r,
    stable: previous,
    previousStable: older,
  }));
}

export function pin(manifest: RolloutManifest, release: ReleaseInfo, user: string, ctx: StepContext): RolloutManifest {
  const current = manifest.remotes[release.remote] ?? emptyRemote();
  const from = current.pins[user] ?? null;
  if (from === release.version) throw new RefusalError(`user ${user} is already pinned to ${release.remote} ${from}`);
  return change(manifest, release.remote, ctx, { ...historyOf('pin', from, release.version), user }, (r) => ({
    ...r,
    pins: { ...r.pins, [user]: release.version },
  }));
}

export function unpin(manifest: RolloutManifest, remote: string, user: string, ctx: StepContext): RolloutManifest {
  const from = manifest.remotes[remote]?.pins[user];
  if (!from) throw new RefusalError(`user ${user} has no pin on ${remote}`);
  return change(manifest, remote, ctx, { ...historyOf('unpin', from, null), user }, (r) => {
    const { [user]: _removed, ...pins } = r.pins;
    return { ...r, pins };
  });
}

/** Adds or removes a user allowed to choose a version with the `?mf` override. */
export function setQaUser(manifest: RolloutManifest, remote: string, user: string, allowed: boolean, ctx: StepContext): RolloutManifest {
  const qaUsers = manifest.remotes[remote]?.qaUsers ?? [];
  if (qaUsers.includes(user) === allowed) {
    throw new RefusalError(`user ${user} is ${allowed ? 'already' : 'not'} a QA user of ${remote}`);
  }
  return change(manifest, remote, ctx, { ...historyOf(allowed ? 'qa-add' : 'qa-remove', null, null), user }, (r) => ({
    ...r,
    qaUsers: allowed ? [...r.qaUsers, user] : r.qaUsers.filter((u) => u !== user),
  }));
}
