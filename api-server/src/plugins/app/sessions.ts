/**
 * Sessions: an opaque random token goes to the browser; only its sha256 is stored, so reading the
 * table does not give anyone a usable token.
 * A session counts as active only while its user has no forced-logout ban (type 2): the ban is read
 * in the same query as the session (one indexed join, no extra round trip), so a ban written straight
 * into the database applies to the very next request, whatever revoked or did not revoke sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BanType } from 'shared-sdk/contract';
import type { Database, UserRow } from '../../db/schema';

export interface Session {
  sessionId: number;
  user: UserRow;
}

/** What a token names, whether or not it may still be used (see `sessionState`). */
export interface SessionLookup extends Session {
  revoked: boolean;
  /** The reason of the user's forced-logout ban in force, or null. */
  forcedLogout: { reason: string } | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Kysely<Database>, userId: number, ttlHours: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The query of `lookupSession`: the unexpired session with this token hash, its user and forced-logout ban. */
export function sessionQuery(db: Kysely<Database>, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('bans', (join) =>
      join
        .onRef('bans.user_id', '=', 'sessions.user_id')
        .on('bans.active', '=', true)
        .on('bans.ban_type', '=', BanType.FORCED_LOGOUT)
        .on((eb) => eb.or([eb('bans.ends_at', 'is', null), eb('bans.ends_at', '>', now)])),
    )
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.revoked_at as session_revoked_at', 'bans.id as ban_id', 'bans.reason as ban_reason'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

type SessionRow = UserRow & { session_id: number; session_revoked_at: Date | null; ban_id: number | null; ban_reason: string | null };

/** A `sessionQuery` row as the lookup it stands for. */
export function sessionFromRow({ session_id, session_revoked_at, ban_id, ban_reason, ...user }: SessionRow): SessionLookup {
  return {
    sessionId: session_id,
    user,
    revoked: session_revoked_at !== null,
    forcedLogout: ban_id === null ? null : { reason: ban_reason ?? '' },
  };
}

/** The unexpired session a token names (revoked or not), with the user's forced-logout ban. */
export async function lookupSession(db: Kysely<Database>, token: string, now = new Date()): Promise<SessionLookup | null> {
  const row = await sessionQuery(db, hashToken(token), now).executeTakeFirst();
  return row ? sessionFromRow(row) : null;
}

/**
 * Lookups already made for a request before the auth hook ran: the signature check claims the nonce
 * of a signed call with a token and reads that token's session in one statement (`claimNonce`).
 */
const earlyLookups = new WeakMap<object, SessionLookup | null>();

export function rememberLookup(request: object, found: SessionLookup | null): void {
  earlyLookups.set(request, found);
}

/** The lookup made early for this request, if one was (undefined when none was made). */
export function takeLookup(request: object): SessionLookup | null | undefined {
  const found = earlyLookups.get(request);
  earlyLookups.delete(request);
  return found;
}

/** The session a token names, if it is neither revoked nor expired and its user is not forced out. */
export async function findActiveSession(db: Kysely<Database>, token: string): Promise<Session | null> {
  const found = await lookupSession(db, token);
  if (!found || found.revoked || found.forcedLogout) return null;
  return { sessionId: found.sessionId, user: found.user };
}

/**
 * Is the session behind upload credentials still usable (not revoked, not expired, user not forced
 * out)? The embedded storage asks this on every write, so logout and bans end uploads at once.
 */
export async function isSessionUsable(db: Kysely<Database>, sessionId: number, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('bans', (join) =>
      join.onRef('bans.user_id', '=', 'sessions.user_id').on('bans.active', '=', true).on('bans.ban_type', '=', BanType.FORCED_LOGOUT),
    )
    .select(['sessions.id', 'bans.id as ban_id'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  return Boolean(row) && row?.ban_id === null;
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Logs a user out everywhere (a forced-logout ban, a password reset); their upload credentials die with the sessions. */
export async function revokeUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
