/** The creation score (docs/product.md §2): today's score with its breakdown and level, and the last 30 days. */
import { type Static, Type } from 'typebox';
import { defineRoute } from '../core/route';

const tag = 'score';

/** Each dimension's value, 0–100 (contract/score/index.ts SCORE_DIMENSIONS names and weighs them). */
export const ScoreBreakdown = Type.Object({
  creation: Type.Integer(),
  activity: Type.Integer(),
  quality: Type.Integer(),
  interaction: Type.Integer(),
  credit: Type.Integer(),
});
export type ScoreBreakdown = Static<typeof ScoreBreakdown>;

export const ScoreHistoryPoint = Type.Object({ day: Type.String(), user_score: Type.Integer(), dimensions: ScoreBreakdown });
export type ScoreHistoryPoint = Static<typeof ScoreHistoryPoint>;

export const userScore = defineRoute({
  method: 'GET',
  url: '/api/creatorScore/getUserScore',
  operationId: 'userScore',
  summary: "The creation score: the shell's user_score, plus today's breakdown and level",
  description: 'Today is computed on demand (the daily job snapshots every creator and builds the rank lists).',
  tag,
  data: Type.Object({
    user_score: Type.Integer(),
    /** 'YYYY-MM-DD', the day the score is for (the server's calendar, Asia/Shanghai). */
    day: Type.String(),
    dimensions: ScoreBreakdown,
    level: Type.Integer(),
    /** The score of the day before, for the trend (null without a snapshot). */
    previous_score: Type.Union([Type.Integer(), Type.Null()]),
  }),
});

export const scoreHistory = defineRoute({
  method: 'GET',
  url: '/api/creatorScore/history',
  operationId: 'scoreHistory',
  summary: 'The creation score of the last 30 days, oldest first',
  tag,
  data: Type.Object({ list: Type.Array(ScoreHistoryPoint) }),
});
