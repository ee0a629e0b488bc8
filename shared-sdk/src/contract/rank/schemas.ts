/** `/rank`: the creators' rank lists built by the daily job. */
import { type Static, Type } from 'typebox';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

export const RankRow = Type.Object({
  position: Type.Integer(),
  user_id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** The period's score, one decimal. */
  score: Type.Number(),
});
export type RankRow = Static<typeof RankRow>;

/** What the server assumes when `period` or `type` is left out. */
export const RANK_DEFAULTS = { period: 'week', type: 0 } as const;

export const rankList = defineRoute({
  method: 'GET',
  url: '/api/creatorRank/list',
  operationId: 'rankList',
  summary: 'The top 100 of one list, and my own row (null when I am not ranked in it)',
  tag: 'rank',
  querystring: Type.Object({
    period: Type.Optional(OneOf(['week', 'month'] as const, { default: RANK_DEFAULTS.period })),
    /** 0 all, then the content types (1 article, 2 video, 3 gallery). */
    type: Type.Optional(OneOf([0, 1, 2, 3] as const, { default: RANK_DEFAULTS.type })),
  }),
  data: Type.Object({
    list: Type.Array(RankRow),
    mine: Type.Union([RankRow, Type.Null()]),
    /** 'YYYY-MM-DD' of the last day the list covers ('' before the first build). */
    day: Type.String(),
  }),
});
