/**
 * The sidebar of spec §2 (Shell) as menu entries. The shell keeps its own local menu (spec §7: this
 * call is "overridden by a local menu"), so this answer only has to agree with it: the same entries,
 * the same per-user rules (short drama only with the authority, the tools group only with oddjobs).
 */
import type { MenuEntry } from 'shared-sdk/contract';

export interface MenuRules {
  shortDrama: boolean;
  tools: readonly string[];
}

const entry = (ap_sort: number, ap_name: string, ap_url: string, ap_icon: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  ap_name,
  ap_url,
  ap_icon,
  ap_sort,
  openType: '',
  children: [],
  ...extra,
});

export function buildMenu(rules: MenuRules): MenuEntry[] {
  const manuscripts = [entry(1, '稿件库', '/personalScript', ''), entry(2, '草稿箱', '/draft', '')];
  if (rules.shortDrama) manuscripts.push(entry(3, '短剧', '/shortPlay', ''));

  const menu = [
    entry(1, '首页', '/index', 'HomeOutlined'),
    entry(2, '稿件管理', '', 'FileTextOutlined', { children: manuscripts }),
    entry(3, '素材', '', 'PictureOutlined', {
      children: [entry(1, '我的素材', '/material/0', ''), entry(2, '公共素材', '/material/1', '')],
    }),
    entry(4, '排行榜', '/rank', 'TrophyOutlined', { openType: 'window' }),
    entry(5, '权益中心', '/rights', 'SafetyCertificateOutlined'),
    entry(6, '政务号', '/govAffairs', 'BankOutlined'),
    entry(7, '企业号', '/enterprise', 'ShopOutlined'),
    entry(8, '帮助中心', '/helpCenter', 'QuestionCircleOutlined'),
  ];
  if (rules.tools.includes('oddjobs')) {
    menu.push(entry(9, '工具', '', 'ToolOutlined', { children: [entry(1, '招聘管理', '/tools/job/index', '')] }));
  }
  return menu;
}
