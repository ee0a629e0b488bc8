/**
 * Server-side twins of the browser guards (shared-sdk requireCert / requireNotBanned): every rule
 * the UI enforces is enforced again here (docs/architecture.md, Server). Features call them at the top of
 * a handler that creates or edits content.
 */
import type { Kysely } from 'kysely';
import { ApiCode, IDENTITY, banRangeBlocks } from 'shared-sdk/contract';
import type { BanRow, Database, UserRow } from '../../db/schema';
import { ApiError, MESSAGES } from '../../lib/api-error';

export async function findActiveBan(db: Kysely<Database>, userId: number): Promise<BanRow | null> {
  const ban = await db
    .selectFrom('bans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('active', '=', true)
    // A ban with an end (set by an operator) stops applying by itself then.
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]))
    .executeTakeFirst();
  return ban ?? null;
}

export function isVerified(user: Pick<UserRow, 'identities'>): boolean {
  return user.identities.includes(IDENTITY.REAL_NAME);
}

/** Refuses (1005) a user without real-name verification (u_cert = 1). */
export function requireCert(user: Pick<UserRow, 'identities'>): void {
  if (!isVerified(user)) throw new ApiError(ApiCode.CERT_REQUIRED, MESSAGES.CERT_REQUIRED);
}

/**
 * Refuses (1006) when a ban blocks the range ("1" content, "3" posts) or forces logout (type 2).
 * With several ranges, refuses only when the ban blocks every one of them (a call that serves
 * creation of any kind, such as the AI helpers).
 */
export async function requireNotBanned(db: Kysely<Database>, userId: number, range: string, ...orRanges: string[]): Promise<void> {
  const ban = await findActiveBan(db, userId);
  if (!ban) return;
  const blocked = (r: string) => banRangeBlocks({ ban_type: ban.ban_type, ban_range_type: ban.ban_range_type }, r);
  const blocks = ban.ban_type === 2 || [range, ...orRanges].every(blocked);
  if (blocks) throw new ApiError(ApiCode.BANNED, ban.reason ? `${MESSAGES.BANNED}（${ban.reason}）` : MESSAGES.BANNED);
}
