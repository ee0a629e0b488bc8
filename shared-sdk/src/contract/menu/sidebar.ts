/**
 * The routes are the menu: the sidebar of docs/product.md §2 (Shell) built from the route declarations, the
 * host's and the released remotes'. The shell draws it from the routes it loaded; the server's menu
 * call answers it from the same declarations.
 */
import type * as menu from './schemas';
import type { MenuAccess, MenuRoute } from '../runtime/values';

type MenuEntry = menu.MenuEntry;

/** What one user's sidebar depends on (docs/product.md §6). */
export interface SidebarRules {
  /** POST /api/microDrama/isHasAuth answered check true. */
  shortDrama: boolean;
  /** Codes of GET /api/user/getToolList. */
  tools: readonly string[];
}

function allowed(access: MenuAccess | undefined, rules: SidebarRules): boolean {
  if (access === undefined) return true;
  if (access === 'shortDrama') return rules.shortDrama;
  return rules.tools.includes(access.tool);
}

type Group = MenuEntry & { children: NonNullable<MenuEntry['children']> };

const bySort = (a: { ap_sort: number }, b: { ap_sort: number }) => a.ap_sort - b.ap_sort;

/**
 * The sidebar for one user, as the menu call's ap_* entries, sorted by order at both levels. A group
 * shows while one of its entries does (so 工具 shows only for users with a tool of it).
 */
export function sidebarEntries(routes: readonly MenuRoute[], rules: SidebarRules): MenuEntry[] {
  const top: MenuEntry[] = [];
  const groups = new Map<string, Group>();
  for (const { path, open, menu } of routes) {
    if (!menu || !allowed(menu.access, rules)) continue;
    const openType: MenuEntry['openType'] = open === 'tab' || open === 'window' ? open : '';
    const entry = { ap_name: menu.label, ap_url: path, ap_icon: menu.icon ?? '', ap_sort: menu.order, openType, children: [] };
    if (!menu.group) {
      top.push(entry);
      continue;
    }
    let group = groups.get(menu.group.label);
    if (!group) {
      group = { ap_name: menu.group.label, ap_url: '', ap_icon: menu.group.icon, ap_sort: menu.group.order, openType: '', children: [] };
      groups.set(menu.group.label, group);
      top.push(group);
    }
    group.children.push(entry);
  }
  for (const group of groups.values()) group.children.sort(bySort);
  return top.sort(bySort);
}
