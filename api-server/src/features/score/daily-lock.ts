/**
 * One daily build at a time across every process on the database. Without it, each replica's runner
 * (and a cron `admin score-daily`) rebuilds creator_rank at day change and all but one fail on its
 * primary key (delete-all then insert, in concurrent transactions).
 *
 * A session advisory lock, held on one pinned connection for the whole build: it is released when
 * the build ends or its connection dies (a killed replica leaves no stale claim), and it needs no
 * table. The embedded database has one process and one connection: pinning that connection for the
 * build would stall every request, and there is no other process, so an in-process lock does.
 */
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/connect';
import type { Database } from '../../db/schema';

/** An arbitrary constant naming this job's lock (pg_advisory_lock takes a bigint). */
const DAILY_BUILD_LOCK = sql.lit(7_360_512_023);

let localBuild: Promise<unknown> | null = null;

async function withLocalLock<T>(wait: boolean, build: () => Promise<T>): Promise<T | null> {
  while (localBuild) {
    if (!wait) return null;
    await localBuild.catch(() => {});
  }
  const running = build();
  localBuild = running;
  try {
    return await running;
  } finally {
    localBuild = null;
  }
}

/**
 * Runs `build` holding the lock. `wait`: the operator's command waits for a build in progress; a
 * runner does not (`null`: another process is building right now, and will have built it).
 */
export async function withDailyBuildLock<T>(
  db: Kysely<Database>,
  engine: Engine,
  wait: boolean,
  build: (db: Kysely<Database>) => Promise<T>,
): Promise<T | null> {
  if (engine === 'pglite') return withLocalLock(wait, () => build(db));
  return db.connection().execute(async (conn) => {
    if (wait) {
      await sql`select pg_advisory_lock(${DAILY_BUILD_LOCK})`.execute(conn);
    } else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${DAILY_BUILD_LOCK}) as locked`.execute(conn);
      if (!rows[0]?.locked) return null;
    }
    try {
      return await build(conn);
    } finally {
      await sql`select pg_advisory_unlock(${DAILY_BUILD_LOCK})`.execute(conn);
    }
  });
}
