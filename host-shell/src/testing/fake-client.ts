import type { ShellClient } from '../lib/shell-client';

/** Calm answers for every shell call: not banned, nothing unread, no tools; tests override some. */
export const FAKE_SHELL_CLIENT: ShellClient = {
  logIn: () => Promise.resolve({ token: 'fake-token', expires_at: '2030-01-01T00:00:00.000Z' }),
  unreadApp: () => Promise.resolve({ count: 0 }),
  unreadCommunity: () => Promise.resolve({ count: 0 }),
  enterprise: () => Promise.resolve({ status: 0, cert_audit_status: 0 }),
  wearBadge: () => Promise.resolve({ cover_url: '' }),
  toolList: () => Promise.resolve([]),
  dramaAuth: () => Promise.resolve({ check: false }),
  userScore: () => Promise.resolve({ user_score: 0 }),
  recentDrafts: () => Promise.resolve({ returnData: [], count: 0, capped: false }),
  userInfo: () =>
    Promise.resolve({
      u_id: 1,
      u_nickname: '测试作者',
      u_avatar: '',
      is_reverse_author: 0,
      identities_info: [],
      u_cert: { cert_type: 0 },
      u_phone_masked: '138****0001',
    }),
  noticeList: () => Promise.resolve({ list: [], total: 0 }),
  noticeRead: () => Promise.resolve(null),
  updateNickname: () => Promise.resolve(null),
  changePassword: () => Promise.resolve(null),
  banInfo: () => Promise.resolve(null),
  appeal: () => Promise.resolve(null),
};
