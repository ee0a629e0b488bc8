import { RefusalError } from '../errors';
import { compareVersions } from '../semver';
import type { ReleaseInfo } from '../store/release-types';
import { emptyRemote } from './manifest';
import type { HistoryEntry, RemoteRollout, RolloutAction, RolloutManifest, VersionRef } from './types';

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

function change(
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

/** Starts a canary, or changes the percentage of the one running. */
export function startCanary(manifest: RolloutManifest, release: ReleaseInfo, percent: number, ctx: StepContext): RolloutManifest {
  const { remote, version } = release;
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
  if (current.canary?.percent === percent && !current.canary.paused) throw new RefusalError(`${remote} ${version} is already on canary at ${percent} %`);
  const from = current.canary ? `${version}@${current.canary.percent}%` : (current.stable?.version ?? null);
  // A new run starts at the revision this step writes; a percentage change continues the run.
  const since = current.canary ? (current.canary.since ?? 0) : manifest.revision + 1;
  return change(manifest, remote, ctx, historyOf('canary', from, `${version}@${percent}%`), (r) => ({
    ...r,
    canary: { ...versionRef(release), percent, since },
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
  const next = direct ? versionRef(direct) : current.canary ? (({ percent: _p, since: _s, paused: _x, ...ref }) => ref)(current.canary) : null;
  if (!next) throw new RefusalError(`${remote} has no canary to promote (start one with: canary ${remote} <version> --percent N)`);
  if (current.stable?.version === next.version) throw new RefusalError(`${remote} ${next.version} is already stable`);
  return change(manifest, remote, ctx, historyOf('promote', current.stable?.version ?? null, next.version), (r) => ({
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
    return change(manifest, remote, ctx, historyOf(action, dropped, current.stable?.version ?? null), (r) => ({ ...r, canary: undefined }));
  }
  const [previous, ...older] = current?.previousStable ?? [];
  if (!current?.stable || !previous) throw new RefusalError(`${remote} has no canary and no previous stable version to roll back to`);
  return change(manifest, remote, ctx, historyOf(action, current.stable.version, previous.version), (r) => ({
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
