/**
 * Every call the shell makes, in one replaceable object: the app uses the real SDK client, tests
 * install fakes with setShellClient (they never reach the network).
 */
import {
  callApi,
  userCall,
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
import { account, bans, certification, drafts, notices, score, session, shortDrama, tools } from 'shared-sdk/contract/calls';

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
  logIn: (credentials) => callApi(session.login, { ...credentials }),
  unreadApp: (type) => callApi(notices.noticeNoReadNums, { type }, { skipErrorHandler: true }),
  unreadCommunity: () => callApi(notices.noticeCommunityNoReadNums, undefined, { skipErrorHandler: true }),
  // Reads sent as POST: they leave calls started early for a screen in place (shared-sdk prefetch).
  enterprise: () => callApi(certification.enterpriseIndex, undefined, { skipErrorHandler: true, keepPrefetched: true }),
  wearBadge: () => callApi(account.wearBadge, undefined, { skipErrorHandler: true }),
  toolList: () => callApi(tools.toolList, undefined, { skipErrorHandler: true }),
  dramaAuth: () => callApi(shortDrama.dramaHasAuth, undefined, { skipErrorHandler: true, keepPrefetched: true }),
  userScore: () => callApi(score.userScore),
  recentDrafts: () => callApi(drafts.draftSearch, { type: 0, page: 1, size: 5 }),
  userInfo: () => callApi(account.userInfo),
  noticeList: (args) => callApi(notices.noticeList, { ...args }),
  noticeRead: (args) => callApi(notices.noticeRead, { ...args }),
  updateNickname: (nickname) => callApi(account.updateNickname, { nickname }),
  changePassword: (oldPassword, newPassword) => callApi(account.changePassword, { old_password: oldPassword, new_password: newPassword }),
  banInfo: (token) => userCall(bans.userBanInfo, { token }, { skipErrorHandler: true }),
  appeal: (reason) => callApi(bans.banAppeal, { reason }, { skipErrorHandler: true }),
};

export const shellClient: ShellClient = { ...REAL_SHELL_CLIENT };

/** Replaces some calls (tests); `null` puts the real client back. */
export function setShellClient(fakes: Partial<ShellClient> | null): void {
  Object.assign(shellClient, REAL_SHELL_CLIENT, fakes ?? {});
}
