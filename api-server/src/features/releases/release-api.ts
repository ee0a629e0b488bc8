/**
 * The release API (see docs/releases.md): publish a remote's build (one archive) and roll it out, on the
 * environment this server serves, through the deploy package's own publish and rollout steps, in
 * the release store the server reads (folder or bucket). The caller is an admin, a release manager
 * within its scope or a CI token within its one remote and environment (operator-auth.ts lets
 * them through; the scope is checked here, on the remote the call names). Every step is written
 * through `audited`: the store change runs inside the audit transaction, so a refused step leaves
 * no row; the rollout history names the same actor. A promote or rollback that lands is posted to
 * the release webhooks (RELEASE_WEBHOOKS) with the actor and the reason, after the commit. The
 * promote gate's refusal carries its figures as `data` (`gate: 'too-few-loads'`). Concurrent steps
 * stay safe as in the command line: the manifest's compare-and-swap refuses the later of two writes
 * (1009, "try again").
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ConflictError,
  RefusalError,
  checkHost,
  compareVersions,
  hostProvidesFromManifest,
  type RolloutManifest,
  type RolloutStats,
  defaultHostSource,
  loadHostProvides,
  operations,
  publishArchive,
} from 'deploy';
import { ApiCode, ok } from 'shared-sdk/contract';
import type { ReleaseAuditStep } from 'shared-sdk/contract/audit-actions';
import { releases as contract } from 'shared-sdk/contract/schemas';

type ReleaseRemote = contract.ReleaseRemote;
import type { Database } from '../../db/schema';
import { ApiError, conflict, invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import type { OperatorActor } from '../operators/accounts';
import { audited } from '../operators/audit';
import { REMOTES } from '../runtime/catalogue';
import { currentRunStats } from '../runtime/load-counts';
import { sendAlert } from './alerts';
import { isKnownRemote, releaseAccess, type ReleaseAccess } from './release-access';
import { rolloutSummary } from './release-audit';

const HISTORY_SHOWN = 50;

export const RELEASE_MESSAGES = {
  OUT_OF_SCOPE: '无权发布该模块或环境',
  CONFLICT: '发布清单刚被其他操作修改，请刷新后重试',
  UNKNOWN_REMOTE: '参数错误：没有这个模块',
  FORCE_NEEDS_REASON: '参数错误：强制全量发布须填写原因',
  REASON_REQUIRED: '参数错误：须填写原因',
} as const;

/** The reason every release step, token revocation and scope change requires: the schema refuses it absent or empty, this one blank. */
export function requiredReason(reason: string): string {
  if (!reason.trim()) throw invalid(RELEASE_MESSAGES.REASON_REQUIRED);
  return reason;
}

const inScope = (list: readonly string[] | '*', value: string): boolean => list === '*' || list.includes(value);

/** Refuses (403) a caller whose scope does not hold this environment (and remote, when one is named). */
export function assertReleaseScope(actor: OperatorActor, env: string, remote?: string): void {
  const scope = actor.releaseScope;
  if (!scope || !inScope(scope.envs, env) || (remote !== undefined && !inScope(scope.remotes, remote))) {
    throw new ApiError(ApiCode.FORBIDDEN, RELEASE_MESSAGES.OUT_OF_SCOPE, 403);
  }
}

/** The history's author: the operator's name, or `ci:<token name>`. */
const whoOf = (actor: OperatorActor): string => actor.name;

function remoteView(manifest: RolloutManifest, remote: string, versions: string[], stats: RolloutStats): ReleaseRemote {
  const rollout = manifest.remotes[remote];
  const canary = rollout?.canary;
  const counts = canary ? stats[remote]?.[canary.version] : undefined;
  return {
    remote,
    stable: rollout?.stable?.version ?? null,
    canary: canary
      ? {
          version: canary.version,
          percent: canary.percent,
          paused: !!canary.paused,
          loads: counts?.loads ?? 0,
          failures: counts?.failures ?? 0,
          ...(canary.plan
            ? {
                plan: {
                  steps: canary.plan.steps,
                  step: canary.plan.step,
                  pause_minutes: canary.plan.pauseMinutes,
                  step_started_at: canary.plan.stepStartedAt,
                },
              }
            : {}),
        }
      : null,
    ...(rollout?.watch ? { watch: { version: rollout.watch.version, until: rollout.watch.until } } : {}),
    previous: (rollout?.previousStable ?? []).map((ref) => ref.version),
    versions,
    qa_users: rollout?.qaUsers ?? [],
    pins: rollout?.pins ?? {},
    history: (rollout?.history ?? []).slice(-HISTORY_SHOWN).map(({ remote: _remote, ...entry }) => entry),
  };
}

async function versionsOf(access: ReleaseAccess, remote: string): Promise<string[]> {
  return (await access.store.listVersions(remote)).sort(compareVersions);
}

/** The promote gate's refusal, with its figures: the answer's `data` (the contract's `PromoteGateRefusal`). */
class GateRefusal extends RefusalError {
  constructor(
    message: string,
    readonly data: contract.PromoteGateRefusal,
  ) {
    super(message);
  }
}

/** A deploy refusal as the API's answer: a lost compare-and-swap is "try again", a rule's refusal says why. */
function asApiError(error: unknown): unknown {
  if (error instanceof ConflictError) return conflict(RELEASE_MESSAGES.CONFLICT);
  if (error instanceof GateRefusal) return new ApiError(ApiCode.CONFLICT, `发布被拒绝：${error.message}`, 200, error.data);
  if (error instanceof RefusalError) return conflict(`发布被拒绝：${error.message}`);
  return error;
}

/** A pin step's audit values: the user and the version it is pinned to (null: none), before and after. */
const pinOf = (remote: string, user: string) => (manifest: RolloutManifest) => ({ user, pin: manifest.remotes[remote]?.pins[user] ?? null });

export function registerReleaseApi(app: FastifyInstance): void {
  const access = releaseAccess(app);
  const env = access.env;
  const statsOf = (manifest: RolloutManifest) => currentRunStats(app.db, env, manifest);

  async function view(remote: string, manifest?: RolloutManifest): Promise<ReleaseRemote> {
    const current = manifest ?? (await access.store.readManifest(env));
    return remoteView(current, remote, await versionsOf(access, remote), await statsOf(current));
  }

  /** Checks the caller and the remote, runs one rollout step in the audit transaction, answers the remote's state. */
  async function step(
    actor: OperatorActor,
    remote: string,
    action: ReleaseAuditStep,
    reason: string,
    run: (ctx: operations.DeployContext, tx: Kysely<Database>) => Promise<RolloutManifest>,
    /** Kept with the after values; a function is read on the manifest before and after (a user's pin, a QA user). */
    details: Record<string, unknown> | ((manifest: RolloutManifest) => Record<string, unknown>) = {},
    /** Posted to the release webhooks once the step has landed (promote, rollback). */
    alert?: 'promote' | 'rollback',
  ) {
    assertReleaseScope(actor, env, remote);
    if (!isKnownRemote(remote)) throw invalid(RELEASE_MESSAGES.UNKNOWN_REMOTE);
    requiredReason(reason); // before anything is read or written: the schema refused it absent or empty, this blank
    // The store change runs inside the audit transaction (refused: no row); anything else the step
    // reads from the database goes through `tx` (PGlite has one connection, held by the transaction).
    const { before, after } = await audited(app.db, actor, async (tx, record) => {
      const before = await access.store.readManifest(env);
      let after: RolloutManifest;
      try {
        after = await run({ store: access.store, env, who: whoOf(actor) }, tx);
      } catch (error) {
        throw asApiError(error);
      }
      record({
        action: `release.${action}`,
        targetType: 'release',
        targetId: `${env}/${remote}`,
        before: { revision: before.revision, ...rolloutSummary(before, remote), ...(typeof details === 'function' ? details(before) : {}) },
        after: {
          revision: after.revision,
          ...rolloutSummary(after, remote),
          ...(typeof details === 'function' ? details(after) : details),
          ...(actor.via === 'ci' ? { ci_token: actor.credentialId } : {}),
        },
        reason,
      });
      return { before, after };
    });
    if (alert) {
      // Told after the step committed, as the automatic ones are; a receiver that is down never fails the call.
      const was = before.remotes[remote];
      void sendAlert(
        app.config.releaseWebhooks,
        {
          event: alert,
          env,
          remote,
          version: (alert === 'promote' ? after.remotes[remote]?.stable?.version : (was?.canary?.version ?? was?.stable?.version)) ?? '',
          stable: after.remotes[remote]?.stable?.version ?? null,
          actor: whoOf(actor),
          reason,
          at: new Date().toISOString(),
        },
        app.log,
      );
    }
    return ok(await view(remote, after));
  }

  serve(app, contract.releaseList, async (request) => {
    const actor = requireOperator(request);
    assertReleaseScope(actor, env);
    const scope = actor.releaseScope!;
    const manifest = await access.store.readManifest(env);
    const stats = await statsOf(manifest);
    const names = REMOTES.map((remote) => remote.folder).filter((name) => inScope(scope.remotes, name));
    const remotes = await Promise.all(names.map(async (name) => remoteView(manifest, name, await versionsOf(access, name), stats)));
    return ok({ env, remotes });
  });

  // The step a host release runs before going out: the new host against every released remote version.
  // Read-only (no audit row, as for the list and the health reads).
  serve(app, contract.releaseCheckHost, async (request) => {
    const actor = requireOperator(request);
    // A CI token is scoped to one remote's releases; a host concerns all of them.
    if (actor.via === 'ci') throw new ApiError(ApiCode.FORBIDDEN, RELEASE_MESSAGES.OUT_OF_SCOPE, 403);
    assertReleaseScope(actor, env);
    const scope = actor.releaseScope!;
    let host;
    try {
      host = hostProvidesFromManifest(request.body);
    } catch (error) {
      throw invalid(`参数错误：${(error as Error).message}`);
    }
    const { checked, breaks } = await checkHost(access.store, await access.store.readManifest(env), host, (remote) => inScope(scope.remotes, remote));
    const unchecked = REMOTES.map((remote) => remote.folder).filter((name) => !inScope(scope.remotes, name));
    return ok({ env, checked: checked.length, breaks, unchecked });
  });

  serve(app, contract.releaseUpload, async (request) => {
    const actor = requireOperator(request);
    const { remote, version } = request.query;
    assertReleaseScope(actor, env, remote);
    if (!isKnownRemote(remote)) throw invalid(RELEASE_MESSAGES.UNKNOWN_REMOTE);
    const reason = requiredReason(request.query.reason);
    const archive = request.body as unknown;
    if (typeof archive !== 'string') throw invalid('参数错误：请求体须为构建产物的 tar.gz 归档（Content-Type: application/gzip）');
    // The compatibility gate checks the build against the host this server serves (its build, else its package.json).
    const host = await loadHostProvides(defaultHostSource(app.config.webRoot)).catch((error: Error) => {
      request.log.error({ err: error }, 'release upload: the host versions cannot be read');
      throw conflict('服务器读不到宿主的共享依赖版本，暂不能发布');
    });
    return audited(app.db, actor, async (_tx, record) => {
      let release;
      try {
        release = await publishArchive(access.store, { archive, remote, host, who: whoOf(actor), ...(version ? { version } : {}) });
      } catch (error) {
        // The version exists, or another upload of it is landing right now: versions are immutable.
        if (error instanceof RefusalError && /already published|published by someone else|already exists with different content/.test(error.message))
          throw conflict(`版本已发布，不可覆盖：${error.message}`);
        if (error instanceof RefusalError) throw invalid(`归档被拒绝：${error.message}`);
        throw error;
      }
      record({
        action: 'release.upload',
        targetType: 'release',
        targetId: `${env}/${remote}`,
        after: { version: release.version, files: release.files.length, ...(actor.via === 'ci' ? { ci_token: actor.credentialId } : {}) },
        reason,
      });
      return ok({ remote, version: release.version, files: release.files.length, integrity: release.integrity });
    });
  });

  serve(app, contract.releaseCanary, async (request) => {
    const { remote, version, percent, steps, pause_minutes: pauseMinutes = 0, watch_minutes: watchMinutes, reason } = request.body;
    if (!steps && percent === undefined) throw invalid('参数错误：须给出灰度比例或分步计划');
    const plan = steps ? { steps, pauseMinutes, ...(watchMinutes !== undefined ? { watchMinutes } : {}) } : undefined;
    return step(requireOperator(request), remote, 'canary', reason, (ctx) => operations.canary(ctx, remote, version, percent ?? 0, plan), {
      version,
      percent: steps ? steps[0] : percent,
      ...(plan ? { plan } : {}),
    });
  });

  serve(app, contract.releasePause, async (request) => {
    const { remote, reason } = request.body;
    return step(requireOperator(request), remote, 'pause', reason, (ctx) => operations.pause(ctx, remote, reason));
  });

  serve(app, contract.releasePromote, async (request) => {
    const { remote, version, force = false, reason } = request.body;
    if (force && !reason.trim()) throw invalid(RELEASE_MESSAGES.FORCE_NEEDS_REASON);
    return step(
      requireOperator(request),
      remote,
      'promote',
      reason,
      (ctx, tx) =>
        operations.promote(ctx, remote, version, {
          reason,
          // Too few canary loads in this run: refused unless forced (with a reason, audited).
          gate: async (manifest) => {
            if (force) return;
            const stats = await currentRunStats(tx, env, manifest);
            const refusal = operations.promoteGate(manifest, remote, stats, access.policy.minLoads);
            const canary = manifest.remotes[remote]?.canary;
            if (refusal && canary) {
              throw new GateRefusal(`${refusal}; promote with force and a reason to override`, {
                gate: 'too-few-loads',
                remote,
                version: canary.version,
                loads: stats[remote]?.[canary.version]?.loads ?? 0,
                min_loads: access.policy.minLoads,
              });
            }
          },
        }),
      { ...(version ? { version } : {}), forced: force },
      'promote',
    );
  });

  serve(app, contract.releaseRollback, async (request) => {
    const { remote, reason } = request.body;
    return step(requireOperator(request), remote, 'rollback', reason, (ctx) => operations.rollback(ctx, remote, reason), {}, 'rollback');
  });

  serve(app, contract.releasePin, async (request) => {
    const { remote, version, user, reason } = request.body;
    return step(requireOperator(request), remote, 'pin', reason, (ctx) => operations.pin(ctx, remote, version, user, reason), pinOf(remote, user));
  });

  serve(app, contract.releaseUnpin, async (request) => {
    const { remote, user, reason } = request.body;
    return step(requireOperator(request), remote, 'unpin', reason, (ctx) => operations.unpin(ctx, remote, user, reason), pinOf(remote, user));
  });

  serve(app, contract.releaseQa, async (request) => {
    const { remote, user, allowed, reason } = request.body;
    return step(
      requireOperator(request),
      remote,
      allowed ? 'qa_add' : 'qa_remove',
      reason,
      (ctx) => operations.setQaUser(ctx, remote, user, allowed, reason),
      (m) => ({
        user,
        qa_user: m.remotes[remote]?.qaUsers.includes(user) ?? false,
      }),
    );
  });
}
