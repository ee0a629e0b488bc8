/**
 * Every call the shell makes, in one replaceable object: the app uses the real SDK client, tests
 * install fakes with setShellClient (they never reach the network).
 */
import {
  apiGet,
  apiPost,
  userGet,
  type CountData,
  type DraftSearchAnswer,
  type EnterpriseAnswer,
  type HasAuthAnswer,
  type LoginAnswer,
  type LoginRequest,
  type MpBaseUserinfo,
  type ToolListAnswer,
  type UserBanInfoAnswer,
  type UserScoreAnswer,
  type WearBadgeAnswer,
} from 'shared-sdk';
import type { NoticeListAnswer, NoticeListRequest, NoticeReadRequest } from 'shared-sdk/contract';
import { SIDEBAR_RULE_CALLS } from '../../layout/sidebar-rules';

export type { NoticeItem, NoticeListAnswer, NoticeTab } from 'shared-sdk/contract';

export type NoticeListArgs = NoticeListRequest;
export type NoticeReadArgs = NoticeReadRequest;

export interface ShellClient {
  logIn(credentials: LoginRequest): Promise<LoginAnswer>;
  unreadApp(type: 0 | 1): Promise<CountData>;
  unreadCommunity(): Promise<CountData>;
  enterprise(): Promise<EnterpriseAnswer>;
  wearBadge(): Promise<WearBadgeAnswer>;
  toolList(): Promise<ToolListAnswer>;
  dramaAuth(): Promise<HasAuthAnswer>;
  userScore(): Promise<UserScoreAnswer>;
  recentDrafts(): Promise<DraftSearchAnswer>;
  userInfo(): Promise<MpBaseUserinfo>;
  noticeList(args: NoticeListArgs): Promise<NoticeListAnswer>;
  noticeRead(args: NoticeReadArgs): Promise<null>;
  updateNickname(nickname: string): Promise<null>;
  changePassword(oldPassword: string, newPassword: string): Promise<null>;
  /** Ban data by token (user host); null when the user is not banned. */
  banInfo(token: string): Promise<UserBanInfoAnswer | null>;
  appeal(reason: string): Promise<null>;
}

export const REAL_SHELL_CLIENT: ShellClient = {
  logIn: (credentials) => apiPost<LoginAnswer>('/login/admin/login', { ...credentials }),
  unreadApp: (type) => apiGet<CountData>('/api/notice/getMpNoReadNums', { type }, { skipErrorHandler: true }),
  unreadCommunity: () => apiGet<CountData>('/api/notice/getCommunityNoReadNums', undefined, { skipErrorHandler: true }),
  // Reads sent as POST: they leave calls started early for a screen in place (shared-sdk prefetch).
  enterprise: () => apiPost<EnterpriseAnswer>('/api/enterpriseUser/index', undefined, { skipErrorHandler: true, keepPrefetched: true }),
  wearBadge: () => apiGet<WearBadgeAnswer>('/api/userBadge/getUserWearBadge', undefined, { skipErrorHandler: true }),
  toolList: () => apiGet<ToolListAnswer>(SIDEBAR_RULE_CALLS.tools.path, undefined, { skipErrorHandler: true }),
  dramaAuth: () => apiPost<HasAuthAnswer>(SIDEBAR_RULE_CALLS.shortDrama.path, undefined, { skipErrorHandler: true, keepPrefetched: true }),
  userScore: () => apiGet<UserScoreAnswer>('/api/creatorScore/getUserScore'),
  recentDrafts: () => apiGet<DraftSearchAnswer>('/api/draft/search', { type: 0, page: 1, size: 5 }),
  userInfo: () => apiGet<MpBaseUserinfo>('/api/user/mpBaseUserinfo'),
  noticeList: (args) => apiGet<NoticeListAnswer>('/api/notice/list', { ...args }),
  noticeRead: (args) => apiPost<null>('/api/notice/read', { ...args }),
  updateNickname: (nickname) => apiPost<null>('/api/user/update', { nickname }),
  changePassword: (oldPassword, newPassword) => apiPost<null>('/api/user/password', { old_password: oldPassword, new_password: newPassword }),
  banInfo: (token) => userGet<UserBanInfoAnswer | null>('/service/userban/getUserBanInfo', { token }, { skipErrorHandler: true }),
  appeal: (reason) => apiPost<null>('/api/ban/appeal', { reason }, { skipErrorHandler: true }),
};

export const shellClient: ShellClient = { ...REAL_SHELL_CLIENT };

/** Replaces some calls (tests); `null` puts the real client back. */
export function setShellClient(fakes: Partial<ShellClient> | null): void {
  Object.assign(shellClient, REAL_SHELL_CLIENT, fakes ?? {});
}
