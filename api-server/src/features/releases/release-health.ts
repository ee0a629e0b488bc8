/**
 * The console's 发布 pages read one remote's health here: per version its loads, load failures and
 * error sessions and field vitals (LCP and INP views, poor ones) in the remote's current run (the
 * counts the automatic rollback and the promote gate judge, from load-counts.ts) and its most frequent errors with mapped stacks (error-reports.ts).
 * Same caller and scope as the release list.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { releases as contract } from 'shared-sdk/contract/schemas';
import { invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { topErrors } from '../runtime/error-reports';
import { currentRunStats } from '../runtime/load-counts';
import { isKnownRemote, releaseAccess } from './release-access';
import { RELEASE_MESSAGES, assertReleaseScope } from './release-api';

const NO_VIEWS = { views: 0, poor: 0 };

/** Errors shown per version. */
export const TOP_ERRORS_SHOWN = 10;

export function registerReleaseHealth(app: FastifyInstance): void {
  const access = releaseAccess(app);
  const env = access.env;

  serve(app, contract.releaseHealth, async (request) => {
    const actor = requireOperator(request);
    const { remote } = request.query;
    assertReleaseScope(actor, env, remote);
    if (!isKnownRemote(remote)) throw invalid(RELEASE_MESSAGES.UNKNOWN_REMOTE);
    const manifest = await access.store.readManifest(env);
    const rollout = manifest.remotes[remote];
    const counts = (await currentRunStats(app.db, env, manifest))[remote] ?? {};
    const stable = rollout?.stable?.version;
    const canary = rollout?.canary?.version;
    const names = [...new Set([stable, canary, ...Object.keys(counts)].filter((name): name is string => !!name))];
    const versions = await Promise.all(
      names.map(async (version) => {
        const count = counts[version];
        const errors = await topErrors(app, env, remote, version, TOP_ERRORS_SHOWN);
        return {
          version,
          role: version === canary ? ('canary' as const) : version === stable ? ('stable' as const) : ('other' as const),
          loads: count?.loads ?? 0,
          failures: count?.failures ?? 0,
          error_sessions: count?.errorSessions ?? 0,
          vitals: { LCP: count?.vitals?.LCP ?? NO_VIEWS, INP: count?.vitals?.INP ?? NO_VIEWS },
          top_errors: errors.map((error) => ({
            fingerprint: error.fingerprint,
            kind: error.kind,
            message: error.message,
            source: error.source,
            stack: error.stack,
            count: error.count,
            first_seen: new Date(error.firstSeen).toISOString(),
            last_seen: new Date(error.lastSeen).toISOString(),
            request_ids: error.requestIds,
          })),
        };
      }),
    );
    return ok({ env, remote, versions });
  });
}
