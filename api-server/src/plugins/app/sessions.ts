/**
 * Sessions: an opaque random token goes to the browser; only its sha256 is stored, so reading the
 * table does not give anyone a usable token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export interface Session {
  sessionId: number;
  user: UserRow;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Kysely<Database>, userId: number, ttlHours: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await db.insertInto('sessions').values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** The session a token names, if it is neither revoked nor expired. */
export async function findActiveSession(db: Kysely<Database>, token: string): Promise<Session | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id as session_id')
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, ...user } = row;
  return { sessionId: session_id, user };
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Logs a user out everywhere (a forced-logout ban, a password reset). */
export async function revokeUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
