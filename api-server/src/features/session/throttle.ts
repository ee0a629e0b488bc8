/**
 * Login throttling per phone number: after MAX_FAILURES failed attempts within the window, further
 * attempts are refused until the window has passed, even with the right password (otherwise the
 * refusal itself would confirm a guessed password). A successful login starts the count afresh.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

export async function isThrottled(db: Kysely<Database>, phone: string): Promise<boolean> {
  const since = new Date(Date.now() - WINDOW_MINUTES * 60_000);
  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select('created_at')
    .where('phone', '=', phone)
    .where('succeeded', '=', true)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const { failures } = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll().as('failures'))
    .where('phone', '=', phone)
    .where('succeeded', '=', false)
    .where('created_at', '>', lastSuccess?.created_at ?? since)
    .executeTakeFirstOrThrow();
  return Number(failures) >= MAX_FAILURES;
}

export async function recordAttempt(db: Kysely<Database>, phone: string, succeeded: boolean, ip: string): Promise<void> {
  await db.insertInto('login_attempts').values({ phone, succeeded, ip }).execute();
}
