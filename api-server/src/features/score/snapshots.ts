/**
 * Daily snapshots (`creator_score_daily`): the daily job writes one per creator for a day; a request
 * computes today's on demand and fills any missing day of the last 30, so the history has no holes
 * even where the job did not run.
 */
import type { Kysely } from 'kysely';
import type { ScoreHistoryPoint } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { addDays, daysEnding } from './calendar';
import { type DayScore, scoreOn } from './formula';
import { loadScoreInputs } from './inputs';

export const HISTORY_DAYS = 30;

/** Computes and stores the score of each user on each day (replacing existing snapshots). */
export async function writeSnapshots(
  db: Kysely<Database>,
  userIds: readonly number[],
  days: readonly string[],
  now: Date,
): Promise<Map<number, Map<string, DayScore>>> {
  const result = new Map<number, Map<string, DayScore>>();
  if (userIds.length === 0 || days.length === 0) return result;
  const sorted = [...days].sort();
  const inputs = await loadScoreInputs(db, userIds, sorted[0] as string);
  const rows = [];
  for (const [userId, input] of inputs) {
    const perDay = new Map<string, DayScore>();
    for (const day of sorted) {
      const computed = scoreOn(input, day);
      perDay.set(day, computed);
      rows.push({ user_id: userId, day, score: computed.score, ...computed.dimensions, computed_at: now });
    }
    result.set(userId, perDay);
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('creator_score_daily')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
          score: eb.ref('excluded.score'),
          creation: eb.ref('excluded.creation'),
          activity: eb.ref('excluded.activity'),
          quality: eb.ref('excluded.quality'),
          interaction: eb.ref('excluded.interaction'),
          credit: eb.ref('excluded.credit'),
          computed_at: eb.ref('excluded.computed_at'),
        })),
      )
      .execute();
  }
  return result;
}

/** Today's score of one creator, computed now and stored as today's snapshot. */
export async function todayScore(db: Kysely<Database>, userId: number, today: string, now: Date): Promise<DayScore> {
  const written = await writeSnapshots(db, [userId], [today], now);
  return written.get(userId)?.get(today) as DayScore;
}

/** The last HISTORY_DAYS days ending today, oldest first: stored snapshots, missing days computed and stored; today always fresh. */
export async function scoreHistory(db: Kysely<Database>, userId: number, today: string, now: Date): Promise<ScoreHistoryPoint[]> {
  const days = daysEnding(today, HISTORY_DAYS);
  const stored = await db
    .selectFrom('creator_score_daily')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '>=', days[0] as string)
    .where('day', '<', today)
    .execute();
  const byDay = new Map(stored.map((row) => [row.day, row]));
  const missing = days.filter((day) => day === today || !byDay.has(day));
  const computed = (await writeSnapshots(db, [userId], missing, now)).get(userId) ?? new Map<string, DayScore>();
  return days.map((day) => {
    const row = byDay.get(day);
    if (row && day !== today) {
      const { score, creation, activity, quality, interaction, credit } = row;
      return { day, user_score: score, dimensions: { creation, activity, quality, interaction, credit } };
    }
    const fresh = computed.get(day) as DayScore;
    return { day, user_score: fresh.score, dimensions: fresh.dimensions };
  });
}

/** The stored score of the day before `today`, if any. */
export async function previousScore(db: Kysely<Database>, userId: number, today: string): Promise<number | null> {
  const row = await db.selectFrom('creator_score_daily').select('score').where('user_id', '=', userId).where('day', '=', addDays(today, -1)).executeTakeFirst();
  return row?.score ?? null;
}
