/**
 * The staged rollout, server side: each host's per-user view of the rollout manifest, and the load
 * reports that feed the counts and the automatic rollback. Reports come only from signed calls of
 * logged-in users, count once per user, remote, version, canary run and page load (load-counts.ts),
 * and only for the version the manifest hands that user: nobody can vote on a canary they do not run.
 */
import type { FastifyInstance } from 'fastify';
import { type ClientRollout, chooseVersion, clientRollout } from 'deploy';
import { ApiCode, type RolloutView, ok } from 'shared-sdk/contract';
import { runtime as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { findActiveSession } from '../../plugins/app/sessions';
import { isKnownRemote, type ReleaseAccess } from '../releases/release-access';
import { judgeCanariesNow } from './canary-judge';
import { countLoadReport, currentRun, statsSnapshot } from './load-counts';
import { wellFormedRoutes } from './release-source';

/**
 * Per address and minute. A page reports at most two loads per remote (its version, and stable after
 * a fallback), so this is dozens of page loads a minute behind one address.
 */
export const LOAD_REPORTS_PER_MINUTE = 300;

const truthy = (value: string | undefined): boolean => value === 'true' || value === '1';

/** The release store's routes as the contract types them (malformed ones left out, as in the remotes list). */
function withContractRoutes(view: ClientRollout, userId: string | null): RolloutView {
  const remotes: RolloutView['remotes'] = {};
  for (const [name, remote] of Object.entries(view.remotes)) {
    const versions: RolloutView['remotes'][string]['versions'] = {};
    for (const [version, ref] of Object.entries(remote.versions)) versions[version] = { ...ref, routes: wellFormedRoutes(ref.routes) };
    remotes[name] = { ...remote, versions };
  }
  return { ...view, remotes, userId };
}

/** `mf=mf-tools@1.3.0,mf-drafts@2.0.0` (the host's QA overrides) → { remote: version }, bad items left out. */
export function parseOverrides(value: string): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const item of value.split(',').slice(0, 20)) {
    const at = item.lastIndexOf('@');
    const remote = item.slice(0, at);
    const version = item.slice(at + 1);
    if (at > 0 && isKnownRemote(remote) && contract.RELEASE_VERSION.test(version)) overrides[remote] = version;
  }
  return overrides;
}
export function registerRolloutRoutes(app: FastifyInstance, access: ReleaseAccess): void {
  serve(app, contract.runtimeRollout, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const { token, mf } = request.query;
    const session = token ? await findActiveSession(app.db, token) : null;
    const userId = session ? String(session.user.id) : null;
    const manifest = await access.store.readManifest(access.env);
    if (manifest.revision === 0) {
      return ok<RolloutView>({ revision: 0, salt: manifest.salt, baseUrl: access.baseUrl, remotes: {}, userId });
    }
    const overrides = userId && mf ? parseOverrides(mf) : {};
    const view = await clientRollout(manifest, userId ?? '', access.baseUrl, access.lookup, overrides);
    if (userId === null) {
      // No user, no bucket: a visitor gets stable only.
      for (const [name, remote] of Object.entries(view.remotes)) {
        const stable = remote.stable ? remote.versions[remote.stable.version] : undefined;
        view.remotes[name] = { stable: remote.stable, pins: {}, qaUsers: [], versions: stable && remote.stable ? { [remote.stable.version]: stable } : {} };
      }
    }
    return ok(withContractRoutes(view, userId));
  });

  // The stats file (for `deploy status`) is a snapshot of the database: one writer per process.
  let snapshots: Promise<unknown> = Promise.resolve();
  const writeSnapshot = () => {
    snapshots = snapshots
      .then(async () => {
        const manifest = await access.store.readManifest(access.env);
        await access.store.writeStats(access.env, await statsSnapshot(app.db, access.env, manifest));
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'the rollout stats file could not be written'));
    return snapshots;
  };

  serve(
    app,
    contract.runtimeRemoteLoad,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user } = requireAuth(request);
      const { remote, version, phase = 'entry', pageLoad } = request.body;
      const loaded = truthy(request.body.ok);
      // Refused with a 400 of its own, not the usual 1002 answer: a report is not a user's form.
      if (request.validationError || !isKnownRemote(remote)) {
        throw new ApiError(ApiCode.INVALID_PARAMS, '加载报告参数不正确（remote、version、ok、phase、pageLoad）', 400);
      }
      const manifest = await access.store.readManifest(access.env);
      const rollout = manifest.remotes[remote];
      // Only the version this user is handed counts (not a QA override, not stable after a canary
      // failed: a retry can fail for what the canary left behind, and is never booked to stable).
      const handed = rollout ? chooseVersion(rollout, String(user.id), remote, manifest.salt, null)?.version : undefined;
      const counts = phase !== 'retry' && handed === version;
      const recorded =
        counts && (await countLoadReport(app.db, { env: access.env, remote, version, run: currentRun(rollout), userId: user.id, pageLoad, ok: loaded, phase }));
      request.log.info({ remote, version, phase, ok: loaded, recorded }, 'remote load reported');
      if (!recorded) return ok({ recorded: false, rolledBack: [] });
      const rolledBack = !loaded && rollout?.canary?.version === version ? await judgeCanariesNow(app, access) : [];
      await writeSnapshot();
      return ok({ recorded: true, rolledBack });
    },
    { attachValidation: true, config: { rateLimit: { max: LOAD_REPORTS_PER_MINUTE, timeWindow: '1 minute' } } },
  );
}
