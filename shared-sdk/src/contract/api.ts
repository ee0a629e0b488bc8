/** Request and answer types of every call of docs/product.md §7, plus the calls the product adds. */
import type { DataOf, RequestOf } from './core/route';
import type * as account from './account/schemas';
import type * as bans from './bans/schemas';
import type * as certification from './certification/schemas';
import type * as drafts from './drafts/schemas';
import type * as labels from './labels/schemas';
import type * as materials from './materials/schemas';
import type * as menu from './menu/schemas';
import type * as newspaper from './newspaper/schemas';
import type * as notices from './notices/schemas';
import type * as session from './session/schemas';
import type * as tools from './tools/schemas';
import type * as uploads from './uploads/schemas';
import type { MpBaseUserinfo } from './account';

export type { CountData } from './core/common';

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
export type NewspaperRequest = RequestOf<typeof newspaper.hisPaper>;
export type NewspaperPage = newspaper.NewspaperPage;

// --- uploads -------------------------------------------------------------------------------
export type TosToken = uploads.TosToken;
export type VodToken = uploads.VodToken;
export type TransImageRequest = RequestOf<typeof uploads.transImage>;
export type CleanImageRequest = RequestOf<typeof uploads.cleanImage>;
export type CleanImage = uploads.CleanImage;

// --- notices (GET /api/notice/list, POST /api/notice/read) ---------------------------------
/** NoticeTab and NOTICE_TABS_ORDER: schemas/notices.ts builds on them. */
export * from './notices/values';
export type NoticeItem = notices.NoticeItem;
export type NoticeListRequest = RequestOf<typeof notices.noticeList>;
export type NoticeListAnswer = DataOf<typeof notices.noticeList>;
export type NoticeReadRequest = RequestOf<typeof notices.noticeRead>;
