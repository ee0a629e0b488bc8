/**
 * What users' pages report of the remotes' failures (the host's `remotes/error-reports.ts`): uncaught
 * errors and unhandled rejections thrown by a remote's code, error panels shown, and a screen's calls
 * that failed (5xx or no answer). Taken only from signed calls of logged-in users, only for a version
 * the rollout hands that user (its canary or stable), mapped to source files and lines through the
 * release's hidden source maps, and counted by remote, version and fingerprint; the page load is
 * kept once per version and canary run, for the share of sessions with an error.
 *
 * The same call brings the page's field vitals (web-vitals' LCP and INP), each counted once per page
 * load, metric, version and canary run, and rated poor above web.dev's thresholds on the server.
 *
 * No personal data is kept: no user id (the page load's id is random), numbers that look like a
 * phone, e-mail addresses and query strings are blurred out of messages and stacks. A failed call's
 * report names its answers' `x-request-id`s; the last few per error are kept, newest first, for an
 * operator to find those requests in the server's and nginx's logs.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { chooseVersion } from 'deploy';
import { sql } from 'kysely';
import {
  ApiCode,
  ERROR_REPORT_LIMITS,
  type ErrorReportItem,
  ok,
  VITAL_LIMITS,
  VITAL_POOR_ABOVE_MS,
  type VitalReportItem,
  withoutUrlQueries,
} from 'shared-sdk/contract';
import { runtime as contract } from 'shared-sdk/contract/schemas';
import { Value } from 'typebox/value';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { isKnownRemote, type ReleaseAccess } from '../releases/release-access';
import { judgeCanariesNow } from './canary-judge';
import { currentRun } from './load-counts';
import { SourceMaps } from './source-maps';

/** Batches per address and minute: a page sends one every few seconds at most. */
export const ERROR_REPORTS_PER_MINUTE = 120;

const MALFORMED = '错误报告参数不正确（pageLoad、items、vitals）';

/**
 * Script locations in a stack (`https://host/remotes/mf-x/1.2.3/static/js/a.js:1:2`): files of a
 * release, never personal, and their path (the version in it) is what maps a frame back to source.
 */
const SCRIPT_LOCATION = /https?:\/\/[^\s()]+?\.m?js(?::\d+){0,2}(?=[\s)]|$)/g;

/** Personal data a message or stack may carry, blurred before anything is kept. */
export function blurPersonal(text: string): string {
  const blur = (part: string) => part.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]').replace(/(?<!\d)1[3-9]\d{9}(?!\d)/g, '[phone]');
  const clear = withoutUrlQueries(text);
  let kept = '';
  let from = 0;
  for (const script of clear.matchAll(SCRIPT_LOCATION)) {
    kept += blur(clear.slice(from, script.index)) + script[0];
    from = script.index + script[0].length;
  }
  return kept + blur(clear.slice(from));
}

/** The same fault in every page: numbers and long hex ids of the message do not split it. */
export function fingerprintOf(kind: string, message: string, source: string): string {
  const text = message.replace(/[0-9a-f]{8,}/gi, 'x').replace(/\d+/g, '0');
  const place = source.replace(/:\d+$/, '');
  return createHash('sha256').update(`${kind}\n${text}\n${place}`).digest('hex').slice(0, 16);
}

function parseArray<T>(raw: string, max: number, check: (item: unknown) => boolean): T[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > max) return null;
  return parsed.every(check) ? (parsed as T[]) : null;
}

const parseItems = (raw: string) =>
  parseArray<ErrorReportItem>(raw, ERROR_REPORT_LIMITS.ITEMS_PER_BATCH, (item) => Value.Check(contract.ErrorReportItem, item));

/** Absent: none sent. Null: malformed (refused as a whole, like the items). */
function parseVitals(raw: string | undefined): VitalReportItem[] | null {
  if (raw === undefined) return [];
  return parseArray<VitalReportItem>(raw, VITAL_LIMITS.ITEMS_PER_BATCH, (item) => Value.Check(contract.VitalReportItem, item));
}

export function registerErrorReportRoutes(app: FastifyInstance, access: ReleaseAccess): void {
  const maps = new SourceMaps(access.store);

  serve(
    app,
    contract.runtimeErrorReport,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user } = requireAuth(request);
      const items = request.validationError ? null : parseItems(request.body.items);
      const vitals = request.validationError ? null : parseVitals(request.body.vitals);
      if (!items || !vitals) throw new ApiError(ApiCode.INVALID_PARAMS, MALFORMED, 400);
      const { pageLoad } = request.body;
      const manifest = await access.store.readManifest(access.env);
      let recorded = 0;
      let canaryHit = false;
      for (const item of items) {
        const rollout = isKnownRemote(item.remote) ? manifest.remotes[item.remote] : undefined;
        if (!rollout) continue;
        // Only what this user runs: the version handed to them, or stable after a canary fell back.
        const handed = chooseVersion(rollout, String(user.id), item.remote, manifest.salt, null)?.version;
        if (item.version !== handed && item.version !== rollout.stable?.version) continue;
        // The run the load reports of this page count in (the canary's, for stable as well).
        const run = currentRun(rollout);
        const { stack, source } = item.stack ? await maps.map(blurPersonal(item.stack), item.remote, item.version) : { stack: '', source: '' };
        const message = blurPersonal(item.message);
        const fingerprint = fingerprintOf(item.kind, message, source);
        // The failed answers' request ids, newest first, the last few kept; a value that is not a request id is dropped.
        const ids = (item.requestIds ?? []).filter((id) => contract.requestIdOrNothing(id)).slice(0, ERROR_REPORT_LIMITS.REQUEST_IDS);
        const requestIds = ids.length ? sql<string[]>`array[${sql.join(ids)}]::text[]` : sql<string[]>`'{}'::text[]`;
        await app.db.transaction().execute(async (tx) => {
          await tx
            .insertInto('remote_errors')
            .values({
              env: access.env,
              remote: item.remote,
              version: item.version,
              fingerprint,
              kind: item.kind,
              message,
              source,
              stack,
              count: item.count,
              request_ids: requestIds,
            })
            .onConflict((oc) =>
              oc.columns(['env', 'remote', 'version', 'fingerprint']).doUpdateSet({
                count: sql`remote_errors.count + ${item.count}`,
                last_seen: sql`now()`,
                request_ids: ids.length
                  ? sql<string[]>`(${requestIds} || remote_errors.request_ids)[1:${sql.lit(ERROR_REPORT_LIMITS.REQUEST_IDS)}]`
                  : sql<string[]>`remote_errors.request_ids`,
              }),
            )
            .execute();
          await tx
            .insertInto('remote_error_sessions')
            .values({ env: access.env, remote: item.remote, version: item.version, run, page_load: pageLoad })
            .onConflict((oc) => oc.doNothing())
            .execute();
        });
        recorded++;
        if (rollout.canary?.version === item.version) canaryHit = true;
      }
      let measured = 0;
      for (const vital of vitals) {
        const rollout = isKnownRemote(vital.remote) ? manifest.remotes[vital.remote] : undefined;
        if (!rollout) continue;
        const handed = chooseVersion(rollout, String(user.id), vital.remote, manifest.salt, null)?.version;
        if (vital.version !== handed && vital.version !== rollout.stable?.version) continue;
        const inserted = await app.db
          .insertInto('remote_vitals')
          .values({
            env: access.env,
            remote: vital.remote,
            version: vital.version,
            run: currentRun(rollout),
            page_load: pageLoad,
            metric: vital.name,
            value_ms: Math.round(vital.value),
            poor: vital.value > VITAL_POOR_ABOVE_MS[vital.name],
          })
          .onConflict((oc) => oc.doNothing())
          .returning('metric')
          .executeTakeFirst();
        if (!inserted) continue;
        measured++;
        if (rollout.canary?.version === vital.version) canaryHit = true;
      }
      // A canary's error or poor vital can change its verdict: judge now, as a failed load does.
      const rolledBack = canaryHit ? await judgeCanariesNow(app, access) : [];
      request.log.info({ pageLoad, items: items.length, recorded, vitals: measured, rolledBack }, 'error report');
      return ok(request.body.vitals === undefined ? { recorded } : { recorded, vitals: measured });
    },
    { attachValidation: true, config: { rateLimit: { max: ERROR_REPORTS_PER_MINUTE, timeWindow: '1 minute' } } },
  );
}

export interface TopError {
  fingerprint: string;
  kind: string;
  message: string;
  source: string;
  stack: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  /** The `x-request-id` of the latest failed answers reported, newest first (at most ERROR_REPORT_LIMITS.REQUEST_IDS). */
  requestIds: string[];
}

/** A version's most frequent errors, for the release pages and `deploy status`. */
export async function topErrors(app: FastifyInstance, env: string, remote: string, version: string, limit = 10): Promise<TopError[]> {
  const rows = await app.db
    .selectFrom('remote_errors')
    .selectAll()
    .where('env', '=', env)
    .where('remote', '=', remote)
    .where('version', '=', version)
    .orderBy('count', 'desc')
    .orderBy('last_seen', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    fingerprint: r.fingerprint,
    kind: r.kind,
    message: r.message,
    source: r.source,
    stack: r.stack,
    count: Number(r.count),
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    requestIds: r.request_ids,
  }));
}

/** Page loads of a version (and canary run) that reported at least one failure. */
export async function errorSessions(app: FastifyInstance, env: string, remote: string, version: string, run: number): Promise<number> {
  const row = await app.db
    .selectFrom('remote_error_sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('env', '=', env)
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('run', '=', run)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
