/**
 * Refuses a signed call whose signature does not hold (docs/product.md §7): missing fields, an unknown app id,
 * a timestamp outside the window (replays of old captured requests), a wrong sign (which covers the
 * method and the path too, so a body signed for one call fits no other) or a nonce already used
 * (replays inside the window). Runs before validation, so a forged request learns nothing about the
 * parameters.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ApiCode, NONCE_PATTERN, SIGN_WINDOW_MS, computeSign } from 'shared-sdk/contract';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { bytes } from '../../lib/bytes';
import { globalPlugin } from '../../lib/global-plugin';
import { requestParams, stringParam } from '../../lib/params';
import { policyFor } from './route-policy';
import { type SessionLookup, hashToken, rememberLookup, sessionFromRow, sessionQuery } from './sessions';

const REQUIRED = ['timestamp', 'app_id', 'nonce', 'sign'] as const;
/** Expired nonces are deleted this often, off any request's path, PURGE_BATCH rows per statement. */
const PURGE_EVERY_MS = 10_000;
const PURGE_BATCH = 500;

export const REPLAYED_MESSAGE = '重复的请求已被拒绝：该请求已处理过，请勿重复提交';

const badSignature = (msg: string): ApiError => new ApiError(ApiCode.BAD_SIGNATURE, msg);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(bytes(left), bytes(right));
}

/** The path the client signed: the request's own, without the query string. */
function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/**
 * Records the nonce for its scope (the token's hash, or '' for token-less calls such as login);
 * false when that scope has used it already. One statement, so two copies sent at once cannot
 * both pass, and one round trip: the table is UNLOGGED on PostgreSQL (migration 0110), so the insert
 * waits for no WAL flush. Waiting for an fsync per signed call held a pooled connection for it
 * (4.4 ms a claim against 1.8 ms, measured on the development machine's disk), and turning the wait
 * off per transaction cost four round trips. Only a crash of the database server itself loses claims.
 *
 * With `now` (a call with a token, whose scope is the token's hash) the same statement also reads
 * the session that hash names, as `lookupSession` does, and gives it as `session`: the auth hook
 * then needs no round trip of its own.
 */
export async function claimNonce(db: Kysely<Database>, scope: string, nonce: string, expiresAt: Date): Promise<boolean>;
export async function claimNonce(
  db: Kysely<Database>,
  scope: string,
  nonce: string,
  expiresAt: Date,
  now: Date,
): Promise<{ claimed: false } | { claimed: true; session: SessionLookup | null }>;
export async function claimNonce(db: Kysely<Database>, scope: string, nonce: string, expiresAt: Date, now?: Date) {
  if (!now) return (await claimOnly(db, { scope, nonce, expiresAt })).length > 0;
  // No row: the nonce was used. A row without a session id: the token names no unexpired session.
  const [row] = await claimWithSession(db, { scope, nonce, expiresAt, now });
  if (!row) return { claimed: false };
  // The left join makes every column nullable; with a session id the row is a whole session row.
  return { claimed: true, session: row.session_id === null ? null : sessionFromRow(row as Parameters<typeof sessionFromRow>[0]) };
}

const claim = (db: Kysely<Database>, values: { scope: string; nonce: string; expiresAt: Date }) =>
  db
    .insertInto('sign_nonces')
    .values({ scope: values.scope, nonce: values.nonce, expires_at: values.expiresAt })
    .onConflict((conflict) => conflict.columns(['scope', 'nonce']).doNothing())
    .returning('nonce');

// Every signed call sends one of these: compiled once (`compiledOnce`), not built per call.
const claimOnly = compiledOnce({ scope: '\0scope', nonce: '\0nonce', expiresAt: new Date(0) }, claim);
const claimWithSession = compiledOnce({ scope: '\0scope', nonce: '\0nonce', expiresAt: new Date(0), now: new Date(1) }, (db, values) =>
  db
    .with('claim', () => claim(db, values))
    .selectFrom('claim')
    .leftJoin(sessionQuery(db, values.scope, values.now).as('found'), (join) => join.onTrue())
    .selectAll('found'),
);

/**
 * Deletes the nonces whose calls the window refuses by now anyway, `batch` rows per statement with a
 * turn of the event loop between statements: every signed call writes one, so five minutes of
 * traffic can be tens of thousands of rows, and one statement deleting them all held the embedded
 * database (and its thread) for that long.
 */
export async function purgeExpiredNonces(db: Kysely<Database>, now: Date, batch = PURGE_BATCH): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = db
      .selectFrom('sign_nonces')
      .select(sql<string>`ctid`.as('ctid'))
      .where('expires_at', '<', now)
      .limit(batch);
    const result = await db
      .deleteFrom('sign_nonces')
      .where(sql<boolean>`ctid = any(array(${expired}))`)
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < batch) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export default globalPlugin(async (app) => {
  const { appId, appSecret } = app.config;

  // One purge at a time: a tick that finds the last one still running (a backlog after downtime) skips.
  let purging: Promise<unknown> | null = null;
  const purge = setInterval(() => {
    if (purging) return;
    purging = purgeExpiredNonces(app.db, new Date())
      .catch((error: unknown) => app.log.warn({ err: error }, 'expired nonces not purged'))
      .finally(() => {
        purging = null;
      });
  }, PURGE_EVERY_MS);
  purge.unref();
  // Close hooks run last-registered first: this one before the database plugin closes the database.
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await purging;
  });

  app.addHook('preValidation', async (request) => {
    const policy = policyFor(request);
    if (policy !== 'signed' && policy !== 'signed+token') return;

    const params = requestParams(request);
    const missing = REQUIRED.filter((name) => stringParam(params, name) === '');
    if (missing.length) throw badSignature(`签名校验失败：缺少参数 ${missing.join('、')}`);

    if (!sameText(stringParam(params, 'app_id'), appId)) throw badSignature('签名校验失败：未知的应用标识 app_id');

    const timestamp = Number(stringParam(params, 'timestamp'));
    if (!Number.isSafeInteger(timestamp)) throw badSignature('签名校验失败：timestamp 必须是毫秒时间戳');
    const now = Date.now();
    if (Math.abs(now - timestamp) > SIGN_WINDOW_MS) {
      throw badSignature('签名校验失败：请求时间与服务器相差超过5分钟，请校准设备时间后重试');
    }

    const nonce = stringParam(params, 'nonce');
    if (!NONCE_PATTERN.test(nonce)) throw badSignature('签名校验失败：nonce 须为 16–64 位字母、数字、- 或 _');

    const expected = computeSign(params, appSecret, { method: request.method, path: requestPath(request) });
    if (!sameText(stringParam(params, 'sign').toLowerCase(), expected)) throw badSignature('签名校验失败：签名不正确');

    const token = stringParam(params, 'token');
    const expiresAt = new Date(timestamp + SIGN_WINDOW_MS);
    if (policy === 'signed+token' && token) {
      // The auth hook, next, takes the session read with the claim (one round trip for both).
      const claim = await claimNonce(app.db, hashToken(token), nonce, expiresAt, new Date(now));
      if (!claim.claimed) throw new ApiError(ApiCode.REPLAYED, REPLAYED_MESSAGE);
      rememberLookup(request, claim.session);
    } else if (!(await claimNonce(app.db, token ? hashToken(token) : '', nonce, expiresAt))) {
      throw new ApiError(ApiCode.REPLAYED, REPLAYED_MESSAGE);
    }
  });
});
