/**
 * The forced-logout ban (type 2) on the server: what a refused caller is told, and the check the
 * login route runs before it creates a session (`refuseForcedLogout`). Every other call is covered by
 * the auth hook (plugins/app/auth.ts), which reads the ban with the session on each request.
 */
import type { Kysely } from 'kysely';
import { ApiCode, BanType } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

export const FORCED_LOGOUT_MESSAGE = '账号已被封禁，已退出登录';

/** `账号已被封禁，已退出登录（<reason>）`: the creator is always told why. */
export function forcedLogoutMessage(reason: string): string {
  const why = reason.trim();
  return why ? `${FORCED_LOGOUT_MESSAGE}（${why}）` : FORCED_LOGOUT_MESSAGE;
}

/** The reason of the user's forced-logout ban in force, or null when there is none. */
export async function forcedLogoutReason(db: Kysely<Database>, userId: number): Promise<string | null> {
  const ban = await db
    .selectFrom('bans')
    .select('reason')
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .where('ban_type', '=', BanType.FORCED_LOGOUT)
    .executeTakeFirst();
  return ban ? ban.reason : null;
}

/**
 * For the login route: refuses (1006, with the reason) a user under a forced-logout ban, so no new
 * session is ever created for them. Call it after the password check, before `createSession`.
 */
export async function refuseForcedLogout(db: Kysely<Database>, userId: number): Promise<void> {
  const reason = await forcedLogoutReason(db, userId);
  if (reason !== null) throw new ApiError(ApiCode.BANNED, forcedLogoutMessage(reason));
}
