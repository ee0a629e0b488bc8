import type { RemoteEntry, UserInfo } from 'shared-sdk';

export const VERIFIED_USER: UserInfo = {
  u_id: 1,
  u_nickname: '测试作者',
  u_avatar: '',
  is_reverse_author: 0,
  u_cert: 1,
  u_cert_status: 0,
  cert_type: 0,
  token: 'token-1',
  banData: null,
  tokenExpire: false,
};

/** Remotes as /api/runtime/remotes lists them, with the routes their routes.ts declares. */
export const DRAFTS_REMOTE: RemoteEntry = {
  name: 'mf_drafts',
  version: '1.0.0',
  manifestUrl: '/remotes/mf-drafts/mf-manifest.json',
  routes: [
    { path: '/draft', module: './DraftList', title: '草稿箱' },
    { path: '/personalScript', module: './PersonalScript', title: '稿件库' },
  ],
};

export const TOOLS_REMOTE: RemoteEntry = {
  name: 'mf_tools',
  version: '1.0.0',
  manifestUrl: '/remotes/mf-tools/mf-manifest.json',
  routes: [
    { path: '/rank', module: './Rank', title: '排行榜', open: 'window', bare: true },
    { path: '/rights', module: './Rights', title: '权益中心' },
  ],
};
