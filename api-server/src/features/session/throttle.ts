/**
 * Login throttling that slows a guesser without letting a stranger lock a real user out:
 * - one address trying one phone: after MAX_PAIR_FAILURES failures in the window, that address is
 *   refused for that phone until the window has passed (even with the right password, or the
 *   refusal would confirm a guess). Other addresses — the owner's — are not affected;
 * - one address over all phones (password spraying): after FREE_ADDRESS_FAILURES failures, each
 *   further attempt must wait a delay that doubles with every attempt, up to MAX_DELAY_SECONDS.
 * Each attempt is counted before its password is checked, in one `insert … on conflict … returning`
 * per counter, so parallel attempts are all counted and only the first few are evaluated; a success
 * clears its pair and gives its count back to the address.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export const MAX_PAIR_FAILURES = 5;
export const FREE_ADDRESS_FAILURES = 10;
export const MAX_DELAY_SECONDS = 60;
export const WINDOW_MINUTES = 15;
const WINDOW_MS = WINDOW_MINUTES * 60_000;
const PURGE_EVERY_MS = 60_000;

export type Refusal = { kind: 'pair' } | { kind: 'address'; waitSeconds: number };

export const pairKey = (address: string, phone: string): string => `p:${address}|${phone}`;
export const addressKey = (address: string): string => `a:${address}`;

/** Counts one attempt under `key`; the count restarts when the window of the first one has passed. */
async function count(db: Kysely<Database>, key: string, now: Date): Promise<{ failures: number; prevAt: Date | null }> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const expired = sql<boolean>`login_throttle.window_start <= ${since}`;
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_start: now, last_at: now, prev_at: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        failures: sql`case when ${expired} then 1 else login_throttle.failures + 1 end`,
        window_start: sql`case when ${expired} then excluded.window_start else login_throttle.window_start end`,
        prev_at: sql`case when ${expired} then null else login_throttle.last_at end`,
        last_at: sql`excluded.last_at`,
      }),
    )
    .returning(['failures', 'prev_at'])
    .executeTakeFirstOrThrow();
  return { failures: row.failures, prevAt: row.prev_at };
}

/** Seconds an address must leave between attempts once it has used its free failures. */
export function addressDelaySeconds(failures: number): number {
  if (failures <= FREE_ADDRESS_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_ADDRESS_FAILURES - 1));
}

/**
 * Counts the attempt of `address` on `phone` and says whether it may be evaluated. A refused
 * attempt stays counted: hammering only lengthens the wait.
 */
export async function admitAttempt(db: Kysely<Database>, address: string, phone: string, now: Date): Promise<Refusal | null> {
  const pair = await count(db, pairKey(address, phone), now);
  const byAddress = await count(db, addressKey(address), now);
  if (pair.failures > MAX_PAIR_FAILURES) return { kind: 'pair' };
  const delayMs = addressDelaySeconds(byAddress.failures) * 1000;
  const waited = byAddress.prevAt ? now.getTime() - byAddress.prevAt.getTime() : Number.POSITIVE_INFINITY;
  if (waited < delayMs) return { kind: 'address', waitSeconds: Math.ceil((delayMs - waited) / 1000) };
  return null;
}

/** A right password: the pair starts afresh and the address gets this attempt's count back. */
export async function settleSuccess(db: Kysely<Database>, address: string, phone: string): Promise<void> {
  await db.updateTable('login_throttle').set({ failures: 0 }).where('key', '=', pairKey(address, phone)).execute();
  await db
    .updateTable('login_throttle')
    .set({ failures: sql`greatest(login_throttle.failures - 1, 0)` })
    .where('key', '=', addressKey(address))
    .execute();
}

/** The audit trail of every evaluated attempt (who, from where, whether it succeeded). */
export async function recordAttempt(db: Kysely<Database>, phone: string, succeeded: boolean, ip: string): Promise<void> {
  await db.insertInto('login_attempts').values({ phone, succeeded, ip }).execute();
}

let lastPurge = 0;

/** Deletes counters whose window has passed; at most once a minute per process. */
export async function purgeStaleCounters(db: Kysely<Database>, now: Date): Promise<void> {
  if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now.getTime();
  await db
    .deleteFrom('login_throttle')
    .where('last_at', '<', new Date(now.getTime() - WINDOW_MS))
    .execute();
}
