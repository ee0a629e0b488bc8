/** The rights centre: creator levels, the rights each unlocks and their states, and the answer types. */
import type { DataOf, RequestOf } from '../core/route';
import type * as rights from './schemas';

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
