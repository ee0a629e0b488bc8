import { RefusalError } from './errors';
import { applyAutoRollback, judgeCanaries, type AutoRollbackPolicy, type CanaryVerdict } from './rollout/auto-rollback';
import { isRemoteName } from './rollout/manifest';
import { applyPlanDecisions, decidePlans, type PlanDecision } from './rollout/plan';
import * as steps from './rollout/steps';
import type { RolloutManifest, RolloutStats } from './rollout/types';
import { isVersion } from './semver';
import type { ReleaseStore } from './store/release-store';
import type { ReleaseInfo } from './store/release-types';

/** Where and as whom a deploy step runs. The server passes the same thing for automatic steps. */
export interface DeployContext {
  store: ReleaseStore;
  env: string;
  who: string;
  now?: () => Date;
}

const ENV_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export function assertEnv(env: string): void {
  if (!ENV_NAME.test(env)) throw new RefusalError(`"${env}" is not an environment name (e.g. production, staging)`);
}

function assertRemote(remote: string): void {
  if (!isRemoteName(remote)) throw new RefusalError(`"${remote}" is not a remote name (e.g. mf-drafts)`);
}

export async function requireRelease(store: ReleaseStore, remote: string, version: string): Promise<ReleaseInfo> {
  assertRemote(remote);
  if (!isVersion(version)) throw new RefusalError(`"${version}" is not a semver version (e.g. 1.4.0)`);
  const release = await store.readRelease(remote, version);
  if (!release) throw new RefusalError(`${remote} ${version} is not published; publish it first (deploy publish ${remote} --version ${version})`);
  return release;
}

function stepContext(ctx: DeployContext, reason?: string): steps.StepContext {
  return { who: ctx.who, at: (ctx.now?.() ?? new Date()).toISOString(), ...(reason ? { reason } : {}) };
}

function update(ctx: DeployContext, change: (m: RolloutManifest) => RolloutManifest): Promise<RolloutManifest> {
  assertEnv(ctx.env);
  return ctx.store.updateManifest(ctx.env, change);
}

/** Starts a canary (or changes its share); with a plan, at the plan's first step (`percent` is then ignored). */
export async function canary(ctx: DeployContext, remote: string, version: string, percent: number, plan?: steps.PlanRequest): Promise<RolloutManifest> {
  const release = await requireRelease(ctx.store, remote, version);
  if (plan) steps.checkPlan(plan);
  return update(ctx, (m) => steps.startCanary(m, release, percent, stepContext(ctx), plan));
}

/**
 * Canary → stable; with `version`, a published version straight to stable (a remote's first release).
 * `gate` may refuse (throw) on the manifest the promote is based on: the write then lands on that
 * revision or not at all, so a canary restarted meanwhile is never promoted on old evidence.
 */
export async function promote(
  ctx: DeployContext,
  remote: string,
  version?: string,
  options: { reason?: string; gate?: (manifest: RolloutManifest) => Promise<void> } = {},
): Promise<RolloutManifest> {
  assertRemote(remote);
  assertEnv(ctx.env);
  const direct = version ? await requireRelease(ctx.store, remote, version) : undefined;
  const current = await ctx.store.readManifest(ctx.env);
  await options.gate?.(current);
  return ctx.store.writeManifest(ctx.env, steps.promote(current, remote, stepContext(ctx, options.reason), direct), current.revision);
}

export async function pause(ctx: DeployContext, remote: string, reason?: string): Promise<RolloutManifest> {
  assertRemote(remote);
  return update(ctx, (m) => steps.pause(m, remote, stepContext(ctx, reason)));
}

/**
 * The promote gate: why promoting `remote`'s canary now would be premature (fewer loads in its run
 * than `minLoads`), or null. A direct promote (no canary running) has nothing to judge.
 */
export function promoteGate(manifest: RolloutManifest, remote: string, stats: RolloutStats, minLoads: number): string | null {
  const canary = manifest.remotes[remote]?.canary;
  if (!canary) return null;
  const loads = stats[remote]?.[canary.version]?.loads ?? 0;
  return loads < minLoads ? `${remote} ${canary.version} has only ${loads} canary loads (at least ${minLoads} before promoting)` : null;
}

export async function rollback(ctx: DeployContext, remote: string, reason?: string): Promise<RolloutManifest> {
  assertRemote(remote);
  return update(ctx, (m) => steps.rollback(m, remote, stepContext(ctx, reason)));
}

export async function pin(ctx: DeployContext, remote: string, version: string, user: string, reason?: string): Promise<RolloutManifest> {
  const release = await requireRelease(ctx.store, remote, version);
  return update(ctx, (m) => steps.pin(m, release, user, stepContext(ctx, reason)));
}

export async function unpin(ctx: DeployContext, remote: string, user: string, reason?: string): Promise<RolloutManifest> {
  assertRemote(remote);
  return update(ctx, (m) => steps.unpin(m, remote, user, stepContext(ctx, reason)));
}

export async function setQaUser(ctx: DeployContext, remote: string, user: string, allowed: boolean, reason?: string): Promise<RolloutManifest> {
  assertRemote(remote);
  return update(ctx, (m) => steps.setQaUser(m, remote, user, allowed, stepContext(ctx, reason)));
}

/**
 * Judges every canary on the environment's stats and rolls back the failing ones in one manifest
 * write (`before`: the manifest judged). Nothing is written when no canary fails. `stats`: the current runs' counts when the caller
 * keeps them (the API server counts in its database); else the store's stats file.
 */
export async function autoRollback(
  ctx: DeployContext,
  policy: AutoRollbackPolicy,
  stats?: (manifest: RolloutManifest) => Promise<RolloutStats>,
): Promise<{ verdicts: CanaryVerdict[]; manifest: RolloutManifest; before: RolloutManifest }> {
  assertEnv(ctx.env);
  const manifest = await ctx.store.readManifest(ctx.env);
  const counts = stats ? await stats(manifest) : await ctx.store.readStats(ctx.env);
  const verdicts = judgeCanaries(manifest, counts, policy);
  if (!verdicts.some((v) => v.rollBack)) return { verdicts, manifest, before: manifest };
  const next = applyAutoRollback(manifest, verdicts, stepContext(ctx));
  return { verdicts, manifest: await ctx.store.writeManifest(ctx.env, next, manifest.revision), before: manifest };
}

/**
 * Advances, promotes, rolls back or stops watching what the step plans call for now, in one manifest
 * write based on the revision the decisions were made on (a ConflictError: another replica stepped
 * first; `before`: the manifest decided on). Nothing is written when every plan waits. `stats`: each remote's current-run counts.
 */
export async function stepPlans(
  ctx: DeployContext,
  policy: AutoRollbackPolicy,
  stats: (manifest: RolloutManifest) => Promise<RolloutStats>,
): Promise<{ decisions: PlanDecision[]; manifest: RolloutManifest; before: RolloutManifest }> {
  assertEnv(ctx.env);
  const manifest = await ctx.store.readManifest(ctx.env);
  // Most checks find no plan and no watch window: they ask for no counts (the server checks every few seconds).
  if (!Object.values(manifest.remotes).some((rollout) => rollout.canary?.plan || rollout.watch)) return { decisions: [], manifest, before: manifest };
  const now = ctx.now?.() ?? new Date();
  const decisions = decidePlans(manifest, await stats(manifest), now, policy);
  if (!decisions.some((d) => d.kind !== 'wait')) return { decisions, manifest, before: manifest };
  const next = applyPlanDecisions(manifest, decisions, { who: ctx.who, at: now.toISOString() });
  return { decisions, manifest: await ctx.store.writeManifest(ctx.env, next, manifest.revision), before: manifest };
}
