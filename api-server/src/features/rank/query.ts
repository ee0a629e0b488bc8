/**
 * Serving a list: the top 100 is a range scan of creator_rank_position_idx (period, type, position)
 * joined to users by key; my row is a primary-key lookup. Both stay flat at 100,000 creators
 * (rank.test.ts checks the plan with EXPLAIN).
 */
import type { Kysely } from 'kysely';
import { RANK_TOP, type RankPeriod, type RankRow } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';

const FORMER = '已注销作者';

function base(db: Kysely<Database>, period: RankPeriod, type: number) {
  return db
    .selectFrom('creator_rank as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.position', 'r.user_id', 'r.score_tenths', 'u.nickname', 'u.avatar'])
    .where('r.period', '=', period)
    .where('r.type', '=', type);
}

type Raw = { position: number; user_id: number; score_tenths: number; nickname: string | null; avatar: string | null };
const toRow = (raw: Raw): RankRow => ({
  position: raw.position,
  user_id: raw.user_id,
  nickname: raw.nickname ?? FORMER,
  avatar: raw.avatar ?? '',
  score: raw.score_tenths / 10,
});

export function topQuery(db: Kysely<Database>, period: RankPeriod, type: number) {
  return base(db, period, type).where('r.position', '<=', RANK_TOP).orderBy('r.position');
}

export async function topList(db: Kysely<Database>, period: RankPeriod, type: number): Promise<RankRow[]> {
  return (await topQuery(db, period, type).execute()).map(toRow);
}

export async function myRow(db: Kysely<Database>, period: RankPeriod, type: number, userId: number): Promise<RankRow | null> {
  const raw = await base(db, period, type).where('r.user_id', '=', userId).executeTakeFirst();
  return raw ? toRow(raw) : null;
}
