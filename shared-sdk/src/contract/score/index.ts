/**
 * A creator's growth, the tools remote's screens: creation score, rank, rights centre and help centre
 * (docs/product.md §2). The answer types of their calls and the catalogues both sides read
 * (dimensions, levels, rights), so the page and the server name the same things the same way.
 */
import type * as help from '../help/schemas';
import type * as rank from '../rank/schemas';
import type * as rights from '../rights/schemas';
import type * as score from './schemas';
import type { DataOf, RequestOf } from '../core/route';

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

// --- rank --------------------------------------------------------------------------------------
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

// --- rights ------------------------------------------------------------------------------------
export interface LevelInfo {
  level: number;
  name: string;
  /** The creation score this level needs. */
  min_score: number;
}
export const CREATOR_LEVELS: readonly LevelInfo[] = [
  { level: 1, name: '新手作者', min_score: 0 },
  { level: 2, name: '进阶作者', min_score: 60 },
  { level: 3, name: '优质作者', min_score: 70 },
  { level: 4, name: '资深作者', min_score: 80 },
  { level: 5, name: '金牌作者', min_score: 90 },
];

export type RightCode = rights.RightCode;
export interface RightInfo {
  code: RightCode;
  name: string;
  description: string;
  level: number;
}
export const CREATOR_RIGHTS: readonly RightInfo[] = [
  { code: 'original', name: '原创标', description: '作品展示原创标识，被转载时署名并受保护', level: 2 },
  { code: 'appreciation', name: '赞赏', description: '读者可以在作品下方赞赏作者', level: 2 },
  { code: 'revenue', name: '收益', description: '作品参与流量分成，按月结算', level: 3 },
  { code: 'live', name: '直播', description: '在客户端发起直播并与读者互动', level: 4 },
  { code: 'column', name: '付费专栏', description: '开设付费专栏，读者购买后阅读', level: 5 },
];

/** locked: conditions not met; available: may apply; pending 审核中; approved 已开通; rejected 未通过. */
export type RightState = rights.RightState;
export const RIGHT_STATE_TEXT: Record<RightState, string> = {
  locked: '未解锁',
  available: '可申请',
  pending: '审核中',
  approved: '已开通',
  rejected: '未通过',
};

export type RightStatus = rights.RightStatus;
export type RightsAnswer = DataOf<typeof rights.rightsIndex>;
export type RightApplyRequest = RequestOf<typeof rights.rightsApply>;

// --- help centre -------------------------------------------------------------------------------
export type HelpArticleSummary = help.HelpArticleSummary;
export type HelpCategory = help.HelpCategory;
export type HelpCategoriesAnswer = DataOf<typeof help.helpCategories>;
export type HelpArticle = help.HelpArticle;
export type HelpSearchHit = help.HelpSearchHit;
export type HelpSearchAnswer = DataOf<typeof help.helpSearch>;
