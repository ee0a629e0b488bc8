/** Request and answer types of every call of spec §7, plus the calls the product adds. */
import type { DataOf, RequestOf } from './schemas/route';
import type * as account from './schemas/account';
import type * as bans from './schemas/bans';
import type * as certification from './schemas/certification';
import type * as labels from './schemas/labels';
import type * as materials from './schemas/materials';
import type * as menu from './schemas/menu';
import type * as newspaper from './schemas/newspaper';
import type * as notices from './schemas/notices';
import type * as session from './schemas/session';
import type * as tools from './schemas/tools';
import type * as uploads from './schemas/uploads';
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
export type ToolListItem = tools.ToolListItem;
export type ToolListAnswer = DataOf<typeof tools.toolList>;
export type WearBadgeAnswer = DataOf<typeof account.wearBadge>;
export type UpdateNicknameRequest = RequestOf<typeof account.updateNickname>;
export type ChangePasswordRequest = RequestOf<typeof account.changePassword>;
export interface HasAuthAnswer {
  check: boolean;
}
export type MenuEntry = menu.MenuEntry;
export type RolePermissionAnswer = DataOf<typeof menu.rolePermissionList>;

// --- materials -----------------------------------------------------------------------------
export type Material = materials.Material;
export type MaterialLog = materials.MaterialLog;
export type MaterialUsage = materials.MaterialUsage;
export type MaterialDetail = materials.MaterialDetail;
export type MaterialListRequest = RequestOf<typeof materials.materialList>;
export type MaterialListAnswer = DataOf<typeof materials.materialList>;
export type MaterialOperationRequest = RequestOf<typeof materials.materialOperation>;
export type MaterialUseRequest = RequestOf<typeof materials.materialUse>;
export type MaterialSaveRequest = RequestOf<typeof materials.materialSave>;
export type MaterialSaveAnswer = DataOf<typeof materials.materialSave>;
export type Tag = labels.Tag;
export type LabelListRequest = RequestOf<typeof labels.labelList>;

// --- drafts --------------------------------------------------------------------------------
export interface DraftSearchRequest {
  type: number;
  page: number;
  size: number;
  title?: string;
}
export interface Draft {
  nd_id: number;
  global_id: string;
  nd_type: number;
  nd_title: string;
  nd_cover_url: string[];
  nd_create_time: string;
}
export interface DraftSearchAnswer {
  returnData: Draft[];
  count: number;
  /** More matches exist than `count` (a keyword's count stops early); the pager shows "count+". */
  capped?: boolean;
}
export interface DraftDeleteRequest {
  ids: string;
  global_ids: string;
}

// --- newspaper -----------------------------------------------------------------------------
export type NewspaperRequest = RequestOf<typeof newspaper.hisPaper>;
export type NewspaperPage = newspaper.NewspaperPage;

// --- uploads -------------------------------------------------------------------------------
export type TosToken = uploads.TosToken;
export type VodToken = uploads.VodToken;
export type TransImageRequest = RequestOf<typeof uploads.transImage>;

// --- draft detail and manuscript library (mf-drafts) ---------------------------------------
export interface DraftDetail extends Draft {
  /** The body as stored by the editor: HTML, to be sanitized before it is shown. */
  nd_content: string;
  nd_update_time: string;
}
export interface ManuscriptListRequest {
  /** 1 article, 2 video, 3 gallery. */
  type: number;
  /** A value of the type's status filter list (ARTICLE_STATUS_FILTERS or OTHER_STATUS_FILTERS). */
  status: number;
  page: number;
  size: number;
  title?: string;
}
export interface Manuscript {
  nm_id: number;
  global_id: string;
  nm_type: number;
  nm_title: string;
  nm_cover_url: string[];
  /** Lifecycle state (ManuscriptStatus); read it with manuscriptStatusLabel. */
  nm_status: number;
  /** The review pipeline's code in the type's label map, or null. */
  nm_review_code: number | null;
  /** Publishing platforms (PUBLISH_PLATFORMS keys). */
  nm_platforms: number[];
  nm_create_time: string;
  nm_publish_time: string | null;
  nm_scheduled_time: string | null;
}
export interface ManuscriptListAnswer {
  returnData: Manuscript[];
  count: number;
  /** As DraftSearchAnswer's. */
  capped?: boolean;
}
export interface ManuscriptDetail extends Manuscript {
  nm_content: string;
  nm_update_time: string;
}
export interface ManuscriptWithdrawRequest {
  id: number;
  /** WithdrawTarget: 'private' (仅我可见) or 'draft' (back to the drafts). */
  to: 'private' | 'draft';
}
export interface ManuscriptWithdrawAnswer {
  nm_status: number | null;
  /** The new draft's id when withdrawn to drafts. */
  nd_id: number | null;
}
export interface ManuscriptDeleteRequest {
  ids: string;
}

// --- notices (GET /api/notice/list, POST /api/notice/read) ---------------------------------
/** App notices of type 0 and 1, and community notices (spec §3, unread count). */
export type NoticeTab = '0' | '1' | 'community';
export const NOTICE_TABS_ORDER: readonly NoticeTab[] = ['0', '1', 'community'];
export type NoticeItem = notices.NoticeItem;
export type NoticeListRequest = RequestOf<typeof notices.noticeList>;
export type NoticeListAnswer = DataOf<typeof notices.noticeList>;
export type NoticeReadRequest = RequestOf<typeof notices.noticeRead>;
