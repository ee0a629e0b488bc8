/** Request and answer types of every call of docs/product.md §7, plus the calls the product adds. */
import type { DataOf, RequestOf } from './schemas/route';
import type * as account from './schemas/account';
import type * as bans from './schemas/bans';
import type * as certification from './schemas/certification';
import type * as drafts from './schemas/drafts';
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
export * from './values/notices';
export type NoticeItem = notices.NoticeItem;
export type NoticeListRequest = RequestOf<typeof notices.noticeList>;
export type NoticeListAnswer = DataOf<typeof notices.noticeList>;
export type NoticeReadRequest = RequestOf<typeof notices.noticeRead>;
