import type { CallSpec, MenuEntry } from 'shared-sdk';

/**
 * The sidebar (spec §2, "Shell"). Local data in the shape of the menu call's entries; the call
 * itself is defined but overridden by this local menu. Groups have no page, so no ap_url.
 */
export const SIDEBAR_MENU: readonly MenuEntry[] = [
  { ap_name: '首页', ap_url: '/index', ap_icon: 'home', ap_sort: 1 },
  {
    ap_name: '稿件管理',
    ap_url: '',
    ap_icon: 'file',
    ap_sort: 2,
    children: [
      { ap_name: '稿件库', ap_url: '/personalScript', ap_icon: '', ap_sort: 1 },
      { ap_name: '草稿箱', ap_url: '/draft', ap_icon: '', ap_sort: 2 },
    ],
  },
  {
    ap_name: '素材',
    ap_url: '',
    ap_icon: 'picture',
    ap_sort: 3,
    children: [
      { ap_name: '我的素材', ap_url: '/material/0', ap_icon: '', ap_sort: 1 },
      { ap_name: '公共素材', ap_url: '/material/1', ap_icon: '', ap_sort: 2 },
    ],
  },
  { ap_name: '排行榜', ap_url: '/rank', ap_icon: 'trophy', ap_sort: 4, openType: 'window' },
  { ap_name: '权益中心', ap_url: '/rights', ap_icon: 'gift', ap_sort: 5 },
  { ap_name: '政务', ap_url: '/govAffairs', ap_icon: 'bank', ap_sort: 6 },
  { ap_name: '企业', ap_url: '/enterprise', ap_icon: 'shop', ap_sort: 7 },
  { ap_name: '帮助中心', ap_url: '/helpCenter', ap_icon: 'question', ap_sort: 8 },
];

export interface SidebarRules {
  /** POST /api/microDrama/isHasAuth answered check true. */
  shortDrama: boolean;
  /** Codes of GET /api/user/getToolList. */
  tools: readonly string[];
}

/**
 * The calls the rules come from (the shell client makes them). Entering the layout's routes starts
 * them beside the layout's code (build-routes), so the sidebar usually draws once, complete.
 */
export const SIDEBAR_RULE_CALLS = {
  shortDrama: { path: '/api/microDrama/isHasAuth', method: 'POST' },
  tools: { path: '/api/user/getToolList' },
} as const satisfies Record<keyof SidebarRules, CallSpec>;

/**
 * How long the sidebar waits for the short-drama rule before drawing without it. 短剧 sits among
 * the manuscript entries, so appearing later pushes every entry below it down under the pointer;
 * the tools group is last and moves nothing, so the sidebar never waits for it.
 */
export const SHORT_DRAMA_WAIT_MS = 600;

export const SHORT_DRAMA_ENTRY: MenuEntry = { ap_name: '短剧', ap_url: '/shortPlay', ap_icon: '', ap_sort: 3 };
export const TOOLS_GROUP: MenuEntry = {
  ap_name: '工具',
  ap_url: '',
  ap_icon: 'tool',
  ap_sort: 9,
  children: [{ ap_name: '招聘管理', ap_url: '/tools/job/index', ap_icon: '', ap_sort: 1 }],
};
export const RECRUITMENT_TOOL = 'oddjobs';

/** The sidebar for one user (spec §2, §6): 短剧 only with the authority, 工具 only with oddjobs. */
export function sidebarMenu(base: readonly MenuEntry[], rules: SidebarRules): MenuEntry[] {
  const menu = base.map((entry) =>
    entry.ap_name === '稿件管理' && rules.shortDrama ? { ...entry, children: [...(entry.children ?? []), SHORT_DRAMA_ENTRY] } : entry,
  );
  if (rules.tools.includes(RECRUITMENT_TOOL)) menu.push(TOOLS_GROUP);
  return menu;
}
