import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'shared-sdk/router';
import type { MenuEntry } from 'shared-sdk';
import { highlightFor, type HighlightRule } from './highlight';
import { buildMenu, type MenuOptions } from './menu-model';
import { openInNew } from '../lib/open-in-new';

export interface SideMenuProps extends MenuOptions {
  entries: readonly MenuEntry[];
  highlightRules: readonly HighlightRule[];
  /** Called when the pointer reaches an entry: its page's code can start loading before the click. */
  onPreload?: (url: string) => void;
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Every page entry (not the groups) calls `onPreload` with its url when hovered. */
function withPreload(items: MenuItem[], onPreload: (url: string) => void): MenuItem[] {
  return items.map((item) => {
    if (!item || !('key' in item) || item.type === 'divider' || item.type === 'group') return item;
    if ('children' in item && item.children) return { ...item, children: withPreload(item.children, onPreload) };
    const url = String(item.key);
    return { ...item, onMouseEnter: () => onPreload(url) };
  });
}

/**
 * Which groups are open: every group the first time it appears, then as the creator leaves them.
 * Groups whose entries all come from remotes (the tools group) appear only once the released remotes
 * are known, after the menu first drew, so antd's `defaultOpenKeys` would leave them closed.
 */
function useOpenGroups(groupKeys: readonly string[]): { keys: string[]; set: (keys: string[]) => void } {
  const [open, setOpen] = useState(() => ({ keys: [...groupKeys], known: new Set(groupKeys) }));
  const fresh = groupKeys.filter((key) => !open.known.has(key));
  // Adjusting state while rendering (React's pattern for state derived from props): no closed frame first.
  if (fresh.length > 0) setOpen({ keys: [...open.keys, ...fresh], known: new Set([...open.known, ...fresh]) });
  return { keys: open.keys, set: (keys) => setOpen((now) => ({ ...now, keys })) };
}

export function SideMenu({ entries, highlightRules, isAvailable, routeOpens, onPreload }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(() => buildMenu(entries, { isAvailable, routeOpens }), [entries, isAvailable, routeOpens]);
  const items = useMemo(() => (onPreload ? withPreload(menu.items, onPreload) : menu.items), [menu.items, onPreload]);
  const openKeys = useOpenGroups(menu.groupKeys);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[highlightFor(pathname, highlightRules)]}
      openKeys={openKeys.keys}
      onOpenChange={openKeys.set}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key }) => {
        const open = menu.opens.get(key);
        if (open) openInNew(key, open);
        else navigate(key);
      }}
    />
  );
}
