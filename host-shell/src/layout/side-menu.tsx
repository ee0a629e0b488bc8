import { useMemo } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuEntry } from 'shared-sdk';
import { highlightFor, type HighlightRule } from './highlight';
import { buildMenu, type MenuOptions } from './menu-model';
import { openInNew } from './open-in-new';

export interface SideMenuProps extends MenuOptions {
  entries: readonly MenuEntry[];
  highlightRules: readonly HighlightRule[];
}

export function SideMenu({ entries, highlightRules, isAvailable, routeOpens }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(() => buildMenu(entries, { isAvailable, routeOpens }), [entries, isAvailable, routeOpens]);

  return (
    <Menu
      mode="inline"
      items={menu.items}
      selectedKeys={[highlightFor(pathname, highlightRules)]}
      defaultOpenKeys={menu.groupKeys}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key }) => {
        const open = menu.opens.get(key);
        if (open) openInNew(key, open);
        else navigate(key);
      }}
    />
  );
}
