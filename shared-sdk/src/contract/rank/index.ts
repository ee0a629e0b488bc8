/** The creators' rank (GET /api/creatorRank/list): periods, content types and the answer types. */
import type { DataOf, RequestOf } from '../core/route';
import type * as rank from './schemas';

export type RankPeriod = 'week' | 'month';
export const RANK_PERIODS: readonly { value: RankPeriod; label: string }[] = [
  { value: 'week', label: '周榜' },
  { value: 'month', label: '月榜' },
];
/** 0 all, then the content types (1 article, 2 video, 3 gallery). */
export const RANK_TYPES: readonly { value: RankType; label: string }[] = [
  { value: 0, label: '全部' },
  { value: 1, label: '文章' },
  { value: 2, label: '视频' },
  { value: 3, label: '图集' },
];
export const RANK_TOP = 100;

export type RankRow = rank.RankRow;
export type RankListRequest = RequestOf<typeof rank.rankList>;
export type RankType = NonNullable<RankListRequest['type']>;
/** `/api/creatorRank/list`: the top 100 and my own row (null when I am not ranked in this list). */
export type RankListAnswer = DataOf<typeof rank.rankList>;
