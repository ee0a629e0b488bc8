/** Request and answer types of every call of spec §7, plus the calls the product adds. */
import type { DataOf, RequestOf } from './schemas/route';
import type * as account from './schemas/account';
import type * as bans from './schemas/bans';
import type * as certification from './schemas/certification';
import type * as drafts from './schemas/drafts';
import type * as labels from './schemas/labels';
import type * as notices from './schemas/notices';
import type * as session from './schemas/session';
import type { MpBaseUserinfo } from './user';

export type { CountData } from './schemas/common';

// --- session -----------------------------------------------------------------------------
export type LoginRequest = RequestOf<typeof session.login>;
export type LoginAnswer = DataOf<typeof session.login>;

// --- shell calls ---------------------------------------------------------------------------
export type MpBaseUserinfoAnswer = MpBaseUserinfo;
export type NoReadRequest = RequestOf<typeof notices.noticeNoReadNums>;
export type UserBanInfoAnswer = bans.UserBanInfo;
export type BanAppealRequest = RequestOf<typeof bans.banAppeal>;
export type EnterpriseAnswer = DataOf<typeof certification.enterpriseIndex>;
export interface ToolListItem {
  code: string;
  name: string;
}
export type ToolListAnswer = ToolListItem[];
export type WearBadgeAnswer = DataOf<typeof account.wearBadge>;
export type UpdateNicknameRequest = RequestOf<typeof account.updateNickname>;
export type ChangePasswordRequest = RequestOf<typeof account.changePassword>;
export interface HasAuthAnswer {
  check: boolean;
}
export interface UserScoreAnswer {
  user_score: number;
}
export interface MenuEntry {
  ap_name: string;
  ap_url: string;
  ap_icon: string;
  ap_sort: number;
  openType?: 'tab' | 'window' | '';
  children?: MenuEntry[];
}
export type RolePermissionAnswer = MenuEntry[];

// --- materials -----------------------------------------------------------------------------
export interface MaterialListRequest {
  all: 0 | 1;
  cm_type: number;
  cm_title?: string;
  cm_create_time?: string;
  cm_check: number;
  page: number;
  per_page: number;
}
export interface Material {
  cm_id: number;
  cm_title: string;
  cm_type: number;
  cm_icon_url: string;
  cm_url: string;
  cm_create_time: string;
  cm_check: number;
  is_my: boolean;
}
export interface MaterialListAnswer {
  /** `capped`: more matches exist than `total` (a keyword or date search's count stops early); the pager shows "total+". */
  data: { total: number; capped?: boolean; data: Material[] };
}
export interface MaterialLog {
  cml_create_time: string;
  phone: string;
  cml_behavior: number;
}
export interface MaterialUsage {
  nm_title: string;
  nm_type: number;
  phone: string;
  nm_create_time: string;
}
export interface MaterialDetail {
  cm_id: number;
  cm_type: number;
  cm_url: string;
  cm_icon_url: string;
  cm_title: string;
  cm_check: number;
  is_my: boolean;
  update_time: string;
  nick_name: string;
  size: number;
  other: { describe: string };
  logs: MaterialLog[];
  manuscript: MaterialUsage[];
}
export interface MaterialSaveRequest {
  files: string;
  covers: string;
  title: string;
  labels: string;
  describe: string;
}
export type Tag = labels.Tag;
export type LabelListRequest = RequestOf<typeof labels.labelList>;

// --- drafts and the manuscript library (mf-drafts) ---------------------------------------
export type Draft = drafts.Draft;
export type DraftSearchRequest = RequestOf<typeof drafts.draftSearch>;
export type DraftSearchAnswer = DataOf<typeof drafts.draftSearch>;
/** The body as stored by the editor (HTML, sanitize before showing) and what reopens it in its writing screen. */
export type DraftDetail = DataOf<typeof drafts.draftShow>;
export type DraftDeleteRequest = RequestOf<typeof drafts.draftDelete>;
export type Manuscript = drafts.Manuscript;
export type ManuscriptListRequest = RequestOf<typeof drafts.manuscriptList>;
export type ManuscriptListAnswer = DataOf<typeof drafts.manuscriptList>;
export type ManuscriptDetail = DataOf<typeof drafts.manuscriptShow>;
export type ManuscriptWithdrawRequest = RequestOf<typeof drafts.manuscriptWithdraw>;
export type ManuscriptWithdrawAnswer = DataOf<typeof drafts.manuscriptWithdraw>;
export type ManuscriptDeleteRequest = RequestOf<typeof drafts.manuscriptDelete>;

// --- newspaper -----------------------------------------------------------------------------
export interface NewspaperRequest {
  date: string;
  type: number;
}
export interface NewspaperPage {
  img: string;
  pdf: string;
}

// --- uploads -------------------------------------------------------------------------------
export interface TosToken {
  regionId: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  bucket: string;
}
export interface VodToken {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  spaceName: string;
  transcodeFLowId: string;
}

// --- notices (GET /api/notice/list, POST /api/notice/read) ---------------------------------
/** App notices of type 0 and 1, and community notices (spec §3, unread count). */
export type NoticeTab = '0' | '1' | 'community';
export const NOTICE_TABS_ORDER: readonly NoticeTab[] = ['0', '1', 'community'];
export type NoticeItem = notices.NoticeItem;
export type NoticeListRequest = RequestOf<typeof notices.noticeList>;
export type NoticeListAnswer = DataOf<typeof notices.noticeList>;
export type NoticeReadRequest = RequestOf<typeof notices.noticeRead>;
