/**
 * The daily job (`admin score-daily [--date]`, run by cron shortly after midnight): stores every
 * creator's snapshot of the day and rebuilds the rank lists for it. Re-running a day replaces it.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connect';
import type { Database } from '../../db/schema';
import { withDailyBuildLock } from './daily-lock';
import { rebuildRanks } from '../rank/build';
import { dayOf, isValidDay } from './calendar';
import { writeSnapshots } from './snapshots';

const BATCH = 500;

export async function runScoreDaily(db: Kysely<Database>, day: string, now: Date): Promise<string> {
  const users = await db.selectFrom('users').select('id').orderBy('id').execute();
  for (let i = 0; i < users.length; i += BATCH)
    await writeSnapshots(
      db,
      users.slice(i, i + BATCH).map((u) => u.id),
      [day],
      now,
    );
  const ranks = await rebuildRanks(db, day);
  return `Scored ${users.length} creators for ${day}; rank lists rebuilt with ${ranks.rows} rows.`;
}

export class ScoreDayRefusal extends Error {}

/** `admin score-daily [--date YYYY-MM-DD]`: the day defaults to today (Asia/Shanghai). */
export async function scoreDaily(db: Kysely<Database>, date: string, now = new Date(), engine: Engine = 'postgres'): Promise<string> {
  if (date && !isValidDay(date)) throw new ScoreDayRefusal(`"${date}" is not a day (YYYY-MM-DD).`);
  // Waits for a replica's build in progress rather than rebuilding the lists beside it.
  const line = await withDailyBuildLock(db, engine, true, (locked) => runScoreDaily(locked, date || dayOf(now), now));
  return line ?? '';
}
