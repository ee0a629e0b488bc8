import type { ReactNode } from 'react';
import type { MenuEntry, RouteOpen } from 'shared-sdk';
import { menuIcon } from './menu-icons';

/** An entry of the sidebar: a page (its url is its key) or a group of entries (`group:<name>`). */
export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  children?: MenuItem[];
}

export interface MenuModel {
  items: MenuItem[];
  /** Where each leaf opens; leaves that open in the shell are absent. */
  opens: ReadonlyMap<string, Exclude<RouteOpen, 'shell'>>;
  groupKeys: string[];
}

export interface MenuOptions {
  /** False for a url no route serves (its remote is not released): the entry is hidden. */
  isAvailable: (url: string) => boolean;
  /** What the routes declare, for entries that do not say how they open themselves. */
  routeOpens: ReadonlyMap<string, RouteOpen>;
}

const bySort = (a: MenuEntry, b: MenuEntry) => a.ap_sort - b.ap_sort;
const groupKey = (entry: MenuEntry) => `group:${entry.ap_name}`;

/** ap_* entries → the sidebar's items, sorted by ap_sort at every level, recursively. */
export function buildMenu(entries: readonly MenuEntry[], options: MenuOptions): MenuModel {
  const opens = new Map<string, Exclude<RouteOpen, 'shell'>>();
  const groupKeys: string[] = [];

  const toItems = (level: readonly MenuEntry[]): MenuItem[] =>
    [...level].sort(bySort).flatMap((entry): MenuItem[] => {
      if (entry.children?.length) {
        const children = toItems(entry.children);
        if (children.length === 0) return [];
        groupKeys.push(groupKey(entry));
        return [{ key: groupKey(entry), label: entry.ap_name, icon: menuIcon(entry.ap_icon), children }];
      }
      if (!entry.ap_url || !options.isAvailable(entry.ap_url)) return [];
      const open = entry.openType || options.routeOpens.get(entry.ap_url);
      if (open === 'tab' || open === 'window') opens.set(entry.ap_url, open);
      return [{ key: entry.ap_url, label: entry.ap_name, icon: menuIcon(entry.ap_icon) }];
    });

  return { items: toItems(entries), opens, groupKeys };
}
