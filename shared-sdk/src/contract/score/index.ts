/**
 * A creator's growth, the tools remote's screens (docs/product.md §2): the creation score here, the
 * rank, rights centre and help centre beside it (`rank/`, `rights/`, `help/`). The answer types of
 * their calls and the catalogues both sides read (dimensions, levels, rights), so the page and the
 * server name the same things the same way.
 */
import type { DataOf } from '../core/route';
import type * as score from './schemas';

export type ScoreDimensionCode = 'creation' | 'activity' | 'quality' | 'interaction' | 'credit';

export interface ScoreDimensionInfo {
  code: ScoreDimensionCode;
  name: string;
  /** Weight in the total, in percent; the weights add up to 100. */
  weight: number;
  /** What raises or lowers it, shown beside the value. */
  hint: string;
}

export const SCORE_DIMENSIONS: readonly ScoreDimensionInfo[] = [
  { code: 'creation', name: '创作', weight: 25, hint: '近 30 天发布的作品数，10 篇即满分' },
  { code: 'activity', name: '活跃', weight: 20, hint: '近 30 天有发布的天数，15 天即满分' },
  { code: 'quality', name: '质量', weight: 20, hint: '近 90 天作品的审核通过率；被驳回会拉低' },
  { code: 'interaction', name: '互动', weight: 20, hint: '近 30 天作品的阅读、点赞、评论、分享' },
  { code: 'credit', name: '信用', weight: 15, hint: '封禁和违规扣分，90 天后恢复' },
];

export type ScoreBreakdown = score.ScoreBreakdown;

/** `/api/creatorScore/getUserScore`: user_score (the shell's) plus today's breakdown and level. */
export type UserScoreDetailAnswer = DataOf<typeof score.userScore>;
/** The part of it the shell reads (`UserScoreAnswer`). */
export type UserScoreAnswer = Pick<UserScoreDetailAnswer, 'user_score'>;
export type ScoreHistoryPoint = score.ScoreHistoryPoint;
/** `/api/creatorScore/history`: the last 30 days, oldest first. */
export type ScoreHistoryAnswer = DataOf<typeof score.scoreHistory>;
