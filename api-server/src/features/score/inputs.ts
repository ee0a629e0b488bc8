/** Reads what the score is computed from, for many creators at once (the daily job) or one (a request). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY_MS, dayStart } from './calendar';
import { REVIEW_DAYS, type ScoreInputs } from './formula';

/** Inputs of `userIds` for scoring any day from `firstDay` on. */
export async function loadScoreInputs(db: Kysely<Database>, userIds: readonly number[], firstDay: string): Promise<Map<number, ScoreInputs>> {
  const inputs = new Map<number, ScoreInputs>(userIds.map((id) => [id, { manuscripts: [], events: [], bans: [] }]));
  if (userIds.length === 0) return inputs;
  // The longest window (quality, credit) reaches REVIEW_DAYS back from the first day scored.
  const from = new Date(dayStart(firstDay).getTime() - REVIEW_DAYS * DAY_MS);
  const ids = [...userIds];

  const [manuscripts, events, bans] = await Promise.all([
    db
      .selectFrom('manuscripts')
      .select(['user_id', 'type', 'status', 'created_at', 'published_at'])
      .where('user_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('created_at', '>=', from), eb('published_at', '>=', from)]))
      .execute(),
    db
      .selectFrom('creator_events')
      .select(['user_id', 'kind', 'amount', 'content_type', 'occurred_at'])
      .where('user_id', 'in', ids)
      .where('occurred_at', '>=', from)
      .execute(),
    db.selectFrom('bans').select(['user_id', 'created_at', 'lifted_at', 'active']).where('user_id', 'in', ids).execute(),
  ]);
  for (const { user_id, ...row } of manuscripts) inputs.get(user_id)?.manuscripts.push(row);
  for (const { user_id, ...row } of events) inputs.get(user_id)?.events.push(row);
  for (const { user_id, ...row } of bans) inputs.get(user_id)?.bans.push(row);
  return inputs;
}
