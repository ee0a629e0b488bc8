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

const MANUSCRIPTS = { label: '稿件管理', icon: 'file', order: 2 };

/** Remotes as /api/runtime/remotes lists them, with the routes (and sidebar entries) their routes.ts declares. */
export const DRAFTS_REMOTE: RemoteEntry = {
  name: 'mf_drafts',
  version: '1.0.0',
  manifestUrl: '/remotes/mf-drafts/mf-manifest.json',
  routes: [
    { path: '/draft', module: './DraftList', title: '草稿箱', menu: { label: '草稿箱', order: 2, group: MANUSCRIPTS } },
    { path: '/personalScript', module: './PersonalScript', title: '稿件库', menu: { label: '稿件库', order: 1, group: MANUSCRIPTS } },
  ],
};

/** The drafts remote once it serves short drama, for creators with the authority only. */
export const DRAFTS_WITH_DRAMA: RemoteEntry = {
  ...DRAFTS_REMOTE,
  routes: [
    ...DRAFTS_REMOTE.routes,
    { path: '/shortPlay', module: './ShortPlay', title: '短剧', menu: { label: '短剧', order: 3, group: MANUSCRIPTS, access: 'shortDrama' } },
  ],
};

export const TOOLS_REMOTE: RemoteEntry = {
  name: 'mf_tools',
  version: '1.0.0',
  manifestUrl: '/remotes/mf-tools/mf-manifest.json',
  routes: [
    { path: '/rank', module: './Rank', title: '排行榜', open: 'window', bare: true, menu: { label: '排行榜', icon: 'trophy', order: 4 } },
    { path: '/rights', module: './Rights', title: '权益中心', menu: { label: '权益中心', icon: 'gift', order: 5 } },
  ],
};

/**
 * The operators' console as mf-console declares it (one route for all its screens), plus an entry a
 * careless release might add with a sidebar entry: the host must keep both out of the creators' shell.
 */
export const CONSOLE_REMOTE: RemoteEntry = {
  name: 'mf_console',
  version: '1.0.0',
  manifestUrl: '/remotes/mf-console/mf-manifest.json',
  routes: [
    { path: '/console/*', module: './Console', title: '运营后台', bare: true },
    { path: '/console/extra', module: './Console', title: '运营后台', menu: { label: '运营后台', icon: 'tool', order: 1 } },
  ],
};

/** The tools remote with its recruitment tool, in the 工具 group for users whose tool list holds oddjobs. */
export const TOOLS_WITH_JOBS: RemoteEntry = {
  ...TOOLS_REMOTE,
  routes: [
    ...TOOLS_REMOTE.routes,
    {
      path: '/tools/job/index',
      module: './JobList',
      title: '招聘管理',
      menu: { label: '招聘管理', order: 1, group: { label: '工具', icon: 'tool', order: 9 }, access: { tool: 'oddjobs' } },
    },
  ],
};
