/**
 * The staged rollout, server side: each host's per-user view of the rollout manifest, and the load
 * reports that feed the stats and the automatic rollback.
 */
import type { FastifyInstance } from 'fastify';
import { ConflictError, type ClientRollout, clientRollout, operations, recordLoad } from 'deploy';
import { ApiCode, fail, ok } from 'shared-sdk/contract';
import { requestParams, stringParam } from '../../lib/params';
import { findActiveSession } from '../../plugins/app/sessions';
import { isKnownRemote, type ReleaseAccess } from '../releases/release-access';

export interface RolloutView extends ClientRollout {
  /** The id buckets are computed from; null for a visitor without a valid session (stable only). */
  userId: string | null;
}

const VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

/**
 * Per address and minute. A page reports at most two loads per remote (its version, and stable after
 * a fallback), so this is dozens of page loads a minute behind one address — while one script can no
 * longer push a canary over the rollback threshold (or hide its failures) in a second.
 */
export const LOAD_REPORTS_PER_MINUTE = 300;
const PHASES = new Set(['entry', 'screen', 'retry']);

function truthy(value: string): boolean {
  return value === 'true' || value === '1';
}

export function registerRolloutRoutes(app: FastifyInstance, access: ReleaseAccess): void {
  app.get('/api/runtime/rollout', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const token = stringParam(requestParams(request), 'token');
    const session = token ? await findActiveSession(app.db, token) : null;
    const userId = session ? String(session.user.id) : null;
    const manifest = await access.store.readManifest(access.env);
    if (manifest.revision === 0) {
      return ok<RolloutView>({ revision: 0, salt: manifest.salt, baseUrl: access.baseUrl, remotes: {}, userId });
    }
    const view = await clientRollout(manifest, userId ?? '', access.baseUrl, access.lookup);
    if (userId === null) {
      // No user, no bucket: a visitor gets stable only.
      for (const [name, remote] of Object.entries(view.remotes)) {
        const stable = remote.stable ? remote.versions[remote.stable.version] : undefined;
        view.remotes[name] = { stable: remote.stable, pins: {}, qaUsers: [], versions: stable && remote.stable ? { [remote.stable.version]: stable } : {} };
      }
    }
    return ok<RolloutView>({ ...view, userId });
  });

  // One process writes stats at a time: load reports arrive concurrently.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  app.post('/api/runtime/remote-load', { config: { rateLimit: { max: LOAD_REPORTS_PER_MINUTE, timeWindow: '1 minute' } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const params = requestParams(request);
    const remote = stringParam(params, 'remote');
    const version = stringParam(params, 'version');
    const phase = stringParam(params, 'phase') || 'entry';
    const loaded = truthy(stringParam(params, 'ok'));
    if (!isKnownRemote(remote) || !VERSION.test(version) || !PHASES.has(phase)) {
      reply.code(400);
      return fail(ApiCode.INVALID_PARAMS, 'remote, version, ok and phase (entry, screen or retry) are required');
    }
    const result = await serially(async () => {
      const manifest = await access.store.readManifest(access.env);
      const rollout = manifest.remotes[remote];
      // Only versions the manifest hands out are counted: anyone can post here.
      const current = rollout && [rollout.stable?.version, rollout.canary?.version, ...Object.values(rollout.pins)].includes(version);
      if (!current) return { recorded: false, rolledBack: [] as string[] };
      await access.store.writeStats(access.env, recordLoad(await access.store.readStats(access.env), remote, version, loaded));
      if (loaded || rollout.canary?.version !== version) return { recorded: true, rolledBack: [] as string[] };
      try {
        const { verdicts } = await operations.autoRollback({ store: access.store, env: access.env, who: 'api-server (auto-rollback)' }, access.policy);
        const rolledBack = verdicts.filter((v) => v.rollBack).map((v) => `${v.remote}@${v.canary}`);
        for (const verdict of verdicts.filter((v) => v.rollBack)) app.log.warn({ remote: verdict.remote, canary: verdict.canary }, `auto-rollback: ${verdict.reason}`);
        return { recorded: true, rolledBack };
      } catch (error) {
        // A deploy step landed meanwhile: the next failure report judges again.
        if (error instanceof ConflictError) return { recorded: true, rolledBack: [] as string[] };
        throw error;
      }
    });
    request.log.info({ remote, version, phase, ok: loaded }, 'remote load reported');
    return ok(result);
  });
}
