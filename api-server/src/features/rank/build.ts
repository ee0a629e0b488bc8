/**
 * Rebuilds the rank lists (`creator_rank`) for a day: for each creator and content type (0 all,
 * 1–3), the period score is the mean of the daily scores of the last 7 (周榜) or 30 (月榜) days,
 * counting only that type's manuscripts and events; a creator enters a list only with something of
 * that type published in the period. Positions are written with the rows (ties: lower user id
 * first), so serving a list is one range scan.
 */
import type { Kysely } from 'kysely';
import type { RankPeriod } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { daysEnding } from '../score/calendar';
import { publishedWithin, scoreOn } from '../score/formula';
import { loadScoreInputs } from '../score/inputs';

export const PERIOD_DAYS: Record<RankPeriod, number> = { week: 7, month: 30 };
const TYPES = [0, 1, 2, 3];
const BATCH = 500;

interface Entry {
  period: RankPeriod;
  type: number;
  user_id: number;
  score_tenths: number;
}

export async function rebuildRanks(db: Kysely<Database>, day: string): Promise<{ creators: number; rows: number }> {
  const users = await db.selectFrom('users').select('id').orderBy('id').execute();
  const entries: Entry[] = [];
  const days = daysEnding(day, PERIOD_DAYS.month);
  for (let i = 0; i < users.length; i += BATCH) {
    const inputs = await loadScoreInputs(
      db,
      users.slice(i, i + BATCH).map((u) => u.id),
      days[0] as string,
    );
    for (const [userId, input] of inputs) {
      for (const type of TYPES) {
        if (!publishedWithin(input, day, PERIOD_DAYS.month, type)) continue;
        const daily = days.map((d) => scoreOn(input, d, type).score);
        for (const period of ['week', 'month'] as const) {
          if (!publishedWithin(input, day, PERIOD_DAYS[period], type)) continue;
          const window = daily.slice(-PERIOD_DAYS[period]);
          const mean = window.reduce((sum, s) => sum + s, 0) / window.length;
          entries.push({ period, type, user_id: userId, score_tenths: Math.round(mean * 10) });
        }
      }
    }
  }
  entries.sort((a, b) => a.period.localeCompare(b.period) || a.type - b.type || b.score_tenths - a.score_tenths || a.user_id - b.user_id);
  const positions = new Map<string, number>();
  const rows = entries.map((entry) => {
    const key = `${entry.period}:${entry.type}`;
    const position = (positions.get(key) ?? 0) + 1;
    positions.set(key, position);
    return { ...entry, position, day };
  });
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('creator_rank').execute();
    for (let i = 0; i < rows.length; i += 1000)
      await tx
        .insertInto('creator_rank')
        .values(rows.slice(i, i + 1000))
        .execute();
  });
  return { creators: users.length, rows: rows.length };
}

/** The day the lists were built for ('' before the first build). */
export async function rankDay(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('creator_rank').select('day').limit(1).executeTakeFirst();
  return row?.day ?? '';
}
