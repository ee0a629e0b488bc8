/**
 * Where each call of the contract lives, for the browser: its method and URL, typed from its
 * declaration in its feature's `schemas.ts` (a method or URL that differs from the declaration, or a call left out,
 * fails the typecheck), so browser code names a call by its declaration and never writes an API URL
 * itself. `callApi` / `routeQuery` (shared-sdk) take these, and the request and answer types come
 * with them. Plain data: the schemas are imported as types only, so TypeBox stays out of the
 * browser's bundles, and each feature is its own export so a bundle keeps only the features it uses.
 *
 * One export per feature (its `schemas.ts`), under the same name as in `shared-sdk/contract/schemas`: `materials/schemas.ts`'s `materialList`
 * is `materials.materialList` here.
 */
import type { TSchema } from 'typebox';
import type * as S from './schemas';
import type { ContractRoute, RefusalOf } from './core/route';

/** A contract call as the browser sends it: its method and URL, typed from its declaration. */
export interface RouteRef<R extends ContractRoute = ContractRoute> {
  readonly method: R['method'];
  readonly url: R['url'];
  /** Only carries the declaration's type. */
  readonly route?: R;
}

/**
 * The `data` of a declared call's refusal (its declaration's `refusal`) when `failure`, what the call
 * rejected with, is that refusal: answer code `code` (with HTTP 200, as every refusal) and its data.
 * Null for any other failure: another code, a refusal without data, an HTTP error, the network. The
 * type is the declaration's, so a caller reads the data as the server declares it, and a call that
 * declares no such refusal does not compile.
 *
 *   const conflict = refusalData(editor.articleAdd, error, EditorCode.VERSION_CONFLICT);
 */
export function refusalData<R extends ContractRoute & { refusal: TSchema }>(_route: RouteRef<R>, failure: unknown, code: number): RefusalOf<R> | null {
  if (typeof failure !== 'object' || failure === null) return null;
  const answer = failure as { code?: unknown; status?: unknown; data?: unknown };
  if (answer.code !== code || (answer.status !== undefined && answer.status !== 200)) return null;
  return typeof answer.data === 'object' && answer.data !== null ? (answer.data as RefusalOf<R>) : null;
}

/** Every call a feature's `schemas.ts` declares, by its export name. */
type RefsOf<M> = { readonly [K in keyof M as M[K] extends ContractRoute ? K : never]: M[K] extends ContractRoute ? RouteRef<M[K]> : never };

export const account: RefsOf<typeof S.account> = {
  changePassword: { method: 'POST', url: '/api/user/password' },
  updateNickname: { method: 'POST', url: '/api/user/update' },
  userInfo: { method: 'GET', url: '/api/user/mpBaseUserinfo' },
  wearBadge: { method: 'GET', url: '/api/userBadge/getUserWearBadge' },
};

export const ai: RefsOf<typeof S.ai> = {
  aiStatus: { method: 'GET', url: '/api/ai/status' },
  aiWrite: { method: 'POST', url: '/api/ai/write' },
};

export const bans: RefsOf<typeof S.bans> = {
  banAppeal: { method: 'POST', url: '/api/ban/appeal' },
  userBanInfo: { method: 'GET', url: '/service/userban/getUserBanInfo' },
};

export const certification: RefsOf<typeof S.certification> = {
  enterpriseApplication: { method: 'POST', url: '/api/enterpriseUser/application' },
  enterpriseApply: { method: 'POST', url: '/api/enterpriseUser/apply' },
  enterpriseIndex: { method: 'POST', url: '/api/enterpriseUser/index' },
  govAffairsApply: { method: 'POST', url: '/api/govAffairs/apply' },
  govAffairsIndex: { method: 'POST', url: '/api/govAffairs/index' },
};

export const drafts: RefsOf<typeof S.drafts> = {
  draftDelete: { method: 'POST', url: '/api/draft/del' },
  draftSearch: { method: 'GET', url: '/api/draft/search' },
  draftShow: { method: 'GET', url: '/api/draft/show' },
  manuscriptDelete: { method: 'POST', url: '/api/manuscript/del' },
  manuscriptList: { method: 'GET', url: '/api/manuscript/list' },
  manuscriptShow: { method: 'GET', url: '/api/manuscript/show' },
  manuscriptWithdraw: { method: 'POST', url: '/api/manuscript/withdraw' },
};

export const editor: RefsOf<typeof S.editor> = {
  articleAdd: { method: 'POST', url: '/api/article/add' },
  draftRestoreVersion: { method: 'POST', url: '/api/draft/restoreVersion' },
  draftVersion: { method: 'GET', url: '/api/draft/version' },
  draftVersions: { method: 'GET', url: '/api/draft/versions' },
  operatorManuscriptReview: { method: 'POST', url: '/operator/manuscript/review' },
  useMaterial: { method: 'POST', url: '/api/editor/useMaterial' },
};

export const help: RefsOf<typeof S.help> = {
  helpArticle: { method: 'GET', url: '/api/help/article' },
  helpCategories: { method: 'GET', url: '/api/help/categories' },
  helpSearch: { method: 'GET', url: '/api/help/search' },
};

export const jobs: RefsOf<typeof S.jobs> = {
  jobDetail: { method: 'POST', url: '/api/job/detail' },
  jobList: { method: 'POST', url: '/api/job/list' },
  jobSave: { method: 'POST', url: '/api/job/save' },
  jobStatus: { method: 'POST', url: '/api/job/status' },
};

export const labels: RefsOf<typeof S.labels> = {
  labelList: { method: 'POST', url: '/api/label/list' },
};

export const materials: RefsOf<typeof S.materials> = {
  materialAudit: { method: 'POST', url: '/operator/material/audit' },
  materialDelete: { method: 'POST', url: '/api/material/delChild' },
  materialDetail: { method: 'POST', url: '/api/material/showChild' },
  materialList: { method: 'POST', url: '/api/material/list' },
  materialOperation: { method: 'POST', url: '/api/material/operation' },
  materialSave: { method: 'POST', url: '/api/material/save' },
  materialUse: { method: 'POST', url: '/api/material/use' },
};

export const menu: RefsOf<typeof S.menu> = {
  rolePermissionList: { method: 'POST', url: '/admin/account/rolePermissionList' },
};

export const newspaper: RefsOf<typeof S.newspaper> = {
  hisPaper: { method: 'GET', url: '/bigscreen/hisPaper' },
};

export const notices: RefsOf<typeof S.notices> = {
  noticeCommunityNoReadNums: { method: 'GET', url: '/api/notice/getCommunityNoReadNums' },
  noticeList: { method: 'GET', url: '/api/notice/list' },
  noticeNoReadNums: { method: 'GET', url: '/api/notice/getMpNoReadNums' },
  noticeRead: { method: 'POST', url: '/api/notice/read' },
};

export const operator: RefsOf<typeof S.operator> = {
  appealDecide: { method: 'POST', url: '/api/operator/appeals/decide' },
  appealList: { method: 'GET', url: '/api/operator/appeals' },
  auditExport: { method: 'GET', url: '/api/operator/audit/export' },
  auditList: { method: 'GET', url: '/api/operator/audit' },
  certificationDecide: { method: 'POST', url: '/api/operator/certifications/decide' },
  consoleHome: { method: 'GET', url: '/api/operator/home' },
  draftRestore: { method: 'POST', url: '/api/operator/drafts/restore' },
  manuscriptDecide: { method: 'POST', url: '/api/operator/manuscripts/decide' },
  materialDecide: { method: 'POST', url: '/api/operator/materials/decide' },
  newspaperImport: { method: 'POST', url: '/api/operator/newspaper/import' },
  newspaperImports: { method: 'GET', url: '/api/operator/newspaper/imports' },
  operatorAdd: { method: 'POST', url: '/api/operator/operators/add' },
  operatorChangePassword: { method: 'POST', url: '/api/operator/password' },
  operatorDisable: { method: 'POST', url: '/api/operator/operators/disable' },
  operatorList: { method: 'GET', url: '/api/operator/operators' },
  operatorResetPassword: { method: 'POST', url: '/api/operator/operators/reset-password' },
  operatorResetTotp: { method: 'POST', url: '/api/operator/operators/reset-totp' },
  operatorRevokeSessions: { method: 'POST', url: '/api/operator/operators/revoke-sessions' },
  operatorSession: { method: 'GET', url: '/api/operator/session' },
  operatorSetRole: { method: 'POST', url: '/api/operator/operators/role' },
  operatorSignIn: { method: 'POST', url: '/api/operator/session/password' },
  operatorSignOut: { method: 'POST', url: '/api/operator/session/sign-out' },
  operatorTokenCreate: { method: 'POST', url: '/api/operator/tokens/create' },
  operatorTokenList: { method: 'GET', url: '/api/operator/tokens' },
  operatorTokenRevoke: { method: 'POST', url: '/api/operator/tokens/revoke' },
  operatorTotpEnrol: { method: 'POST', url: '/api/operator/session/enrol' },
  operatorVerifyTotp: { method: 'POST', url: '/api/operator/session/totp' },
  queueCertifications: { method: 'GET', url: '/api/operator/queues/certifications' },
  queueManuscripts: { method: 'GET', url: '/api/operator/queues/manuscripts' },
  queueMaterials: { method: 'GET', url: '/api/operator/queues/materials' },
  queueSummary: { method: 'GET', url: '/api/operator/queues' },
  rightDecide: { method: 'POST', url: '/api/operator/rights/decide' },
  rightList: { method: 'GET', url: '/api/operator/rights' },
  scoreDailyBuild: { method: 'POST', url: '/api/operator/score/daily' },
  storageReport: { method: 'GET', url: '/api/operator/storage/report' },
  userBan: { method: 'POST', url: '/api/operator/users/ban' },
  userCreate: { method: 'POST', url: '/api/operator/users/create' },
  userDetail: { method: 'GET', url: '/api/operator/users/detail' },
  userResetPassword: { method: 'POST', url: '/api/operator/users/reset-password' },
  userSearch: { method: 'GET', url: '/api/operator/users' },
  userTools: { method: 'POST', url: '/api/operator/users/tools' },
  userUnban: { method: 'POST', url: '/api/operator/users/unban' },
  userVerify: { method: 'POST', url: '/api/operator/users/verify' },
};

export const rank: RefsOf<typeof S.rank> = {
  rankList: { method: 'GET', url: '/api/creatorRank/list' },
};

export const releases: RefsOf<typeof S.releases> = {
  operatorSetReleaseScope: { method: 'POST', url: '/api/operator/operators/release-scope' },
  releaseCanary: { method: 'POST', url: '/api/operator/releases/canary' },
  releaseCheckHost: { method: 'POST', url: '/api/operator/releases/check-host' },
  releaseHealth: { method: 'GET', url: '/api/operator/releases/health' },
  releaseList: { method: 'GET', url: '/api/operator/releases' },
  releasePause: { method: 'POST', url: '/api/operator/releases/pause' },
  releasePin: { method: 'POST', url: '/api/operator/releases/pin' },
  releasePromote: { method: 'POST', url: '/api/operator/releases/promote' },
  releaseQa: { method: 'POST', url: '/api/operator/releases/qa' },
  releaseRollback: { method: 'POST', url: '/api/operator/releases/rollback' },
  releaseTokenCreate: { method: 'POST', url: '/api/operator/release-tokens/create' },
  releaseTokenList: { method: 'GET', url: '/api/operator/release-tokens' },
  releaseTokenRevoke: { method: 'POST', url: '/api/operator/release-tokens/revoke' },
  releaseUnpin: { method: 'POST', url: '/api/operator/releases/unpin' },
  releaseUpload: { method: 'POST', url: '/api/operator/releases/upload' },
};

export const rights: RefsOf<typeof S.rights> = {
  rightsApply: { method: 'POST', url: '/api/rights/apply' },
  rightsIndex: { method: 'GET', url: '/api/rights/index' },
};

export const runtime: RefsOf<typeof S.runtime> = {
  runtimeConfig: { method: 'GET', url: '/api/runtime/config' },
  runtimeErrorReport: { method: 'POST', url: '/api/runtime/error-report' },
  runtimeRemoteLoad: { method: 'POST', url: '/api/runtime/remote-load' },
  runtimeRemotes: { method: 'GET', url: '/api/runtime/remotes' },
  runtimeRollout: { method: 'GET', url: '/api/runtime/rollout' },
};

export const score: RefsOf<typeof S.score> = {
  scoreHistory: { method: 'GET', url: '/api/creatorScore/history' },
  userScore: { method: 'GET', url: '/api/creatorScore/getUserScore' },
};

export const session: RefsOf<typeof S.session> = {
  login: { method: 'POST', url: '/login/admin/login' },
  logout: { method: 'POST', url: '/login/admin/quit' },
};

export const shortDrama: RefsOf<typeof S.shortDrama> = {
  dramaDetail: { method: 'POST', url: '/api/microDrama/detail' },
  dramaHasAuth: { method: 'POST', url: '/api/microDrama/isHasAuth' },
  dramaList: { method: 'POST', url: '/api/microDrama/list' },
  dramaSave: { method: 'POST', url: '/api/microDrama/save' },
  episodeDetail: { method: 'POST', url: '/api/microDrama/episode/detail' },
  episodeList: { method: 'POST', url: '/api/microDrama/episode/list' },
  episodeSave: { method: 'POST', url: '/api/microDrama/episode/save' },
};

export const tools: RefsOf<typeof S.tools> = {
  operatorToolCommand: { method: 'POST', url: '/operator/tools/:command' },
  toolList: { method: 'GET', url: '/api/user/getToolList' },
};

export const uploads: RefsOf<typeof S.uploads> = {
  cleanImage: { method: 'POST', url: '/api/upload/tos/cleanImage' },
  transImage: { method: 'POST', url: '/api/upload/tos/transImage' },
  uploadToken: { method: 'GET', url: '/api/upload/tos/token' },
  videoCommit: { method: 'POST', url: '/api/upload/vod/commit' },
  videoStatus: { method: 'GET', url: '/api/upload/vod/status' },
  videoUploadToken: { method: 'GET', url: '/api/upload/vod/token' },
};
