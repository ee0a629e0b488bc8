import { useId, useMemo, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'shared-sdk/router';
import type { MenuEntry } from 'shared-sdk';
import { ANTD_CSS_VAR_KEY } from '../lib/antd-css-var-key';
import { highlightFor, type HighlightRule } from './highlight';
import { buildMenu, type MenuItem, type MenuOptions } from './menu-model';
import { openInNew } from '../lib/open-in-new';
import '../lib/generated/antd/menu.css';

export interface SideMenuProps extends MenuOptions {
  entries: readonly MenuEntry[];
  highlightRules: readonly HighlightRule[];
  /** Called when the pointer reaches an entry: its page's code can start loading before the click. */
  onPreload?: (url: string) => void;
}

/** antd's inline menu indents each level by this much. */
const INDENT = 24;

/**
 * Which groups are open: every group the first time it appears, then as the creator leaves them.
 * Groups whose entries all come from remotes (the tools group) appear only once the released remotes
 * are known, after the menu first drew, so they are opened when they appear.
 */
function useOpenGroups(groupKeys: readonly string[]): { keys: readonly string[]; toggle: (key: string, open?: boolean) => void } {
  const [open, setOpen] = useState(() => ({ keys: [...groupKeys], known: new Set(groupKeys) }));
  const fresh = groupKeys.filter((key) => !open.known.has(key));
  // Adjusting state while rendering (React's pattern for state derived from props): no closed frame first.
  if (fresh.length > 0) setOpen({ keys: [...open.keys, ...fresh], known: new Set([...open.known, ...fresh]) });
  const toggle = (key: string, force?: boolean) =>
    setOpen((now) => {
      const isOpen = now.keys.includes(key);
      const next = force ?? !isOpen;
      if (next === isOpen) return now;
      return { ...now, keys: next ? [...now.keys, key] : now.keys.filter((k) => k !== key) };
    });
  return { keys: open.keys, toggle };
}

const containsKey = (item: MenuItem, key: string): boolean => item.key === key || (item.children ?? []).some((child) => containsKey(child, key));

/** The entries a creator can reach now: those not inside a closed group, in the order drawn. */
function visibleKeys(items: readonly MenuItem[], open: readonly string[]): string[] {
  return items.flatMap((item) => [item.key, ...(item.children && open.includes(item.key) ? visibleKeys(item.children, open) : [])]);
}

/** Each entry inside a group → the group's key, at every level. */
function parents(items: readonly MenuItem[]): Map<string, string> {
  return new Map(items.flatMap((item) => (item.children ? [...item.children.map((child) => [child.key, item.key] as const), ...parents(item.children)] : [])));
}

const keyOf = (element: Element | null): string | undefined => (element instanceof HTMLElement ? element.dataset.menuKey : undefined);

/**
 * The sidebar: the entries as antd's inline menu draws them (its markup, classes and generated
 * stylesheet, so it looks and reads the same), without antd's Menu component. antd's Menu renders
 * every entry twice (once hidden, to learn the groups' paths), wraps each in motion and context
 * providers, and took 84-125 ms of one task at 2x CPU to mount (bench/RESULTS.md, 2026-12-02); this
 * draws plain elements.
 *
 * Keyboard: one entry is in the tab order (the one last focused, else the current page's, else the
 * first); the arrow keys move between the entries shown, Home and End go to the first and last, Enter
 * or Space opens an entry or opens and closes a group, Right opens a group and Left closes it (or goes
 * to the group of an entry inside it).
 */
export function SideMenu({ entries, highlightRules, isAvailable, routeOpens, onPreload }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const menu = useMemo(() => buildMenu(entries, { isAvailable, routeOpens }), [entries, isAvailable, routeOpens]);
  const groups = useOpenGroups(menu.groupKeys);
  const [focused, setFocused] = useState<string>();
  const selected = highlightFor(pathname, highlightRules);
  const shown = visibleKeys(menu.items, groups.keys);
  const tabStop = [focused, selected].find((key) => key !== undefined && shown.includes(key)) ?? shown[0];
  const parentOf = useMemo(() => parents(menu.items), [menu.items]);
  const groupIds = new Map(menu.groupKeys.map((key, index) => [key, `${id}-group-${index}`]));

  const activate = (item: MenuItem) => {
    if (item.children) return groups.toggle(item.key);
    const open = menu.opens.get(item.key);
    if (open) openInNew(item.key, open);
    else navigate(item.key);
  };

  const focusKey = (list: HTMLElement, key: string | undefined) => {
    if (key === undefined) return;
    const target = [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((element) => element.dataset.menuKey === key);
    target?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const key = keyOf(event.target as Element);
    if (key === undefined) return;
    const at = shown.indexOf(key);
    const isGroup = menu.groupKeys.includes(key);
    const list = event.currentTarget;
    const move: Record<string, () => void> = {
      ArrowDown: () => focusKey(list, shown[(at + 1) % shown.length]),
      ArrowUp: () => focusKey(list, shown[(at - 1 + shown.length) % shown.length]),
      Home: () => focusKey(list, shown[0]),
      End: () => focusKey(list, shown[shown.length - 1]),
      ArrowRight: () => isGroup && groups.toggle(key, true),
      ArrowLeft: () => (isGroup ? groups.toggle(key, false) : focusKey(list, parentOf.get(key))),
      Enter: () => (event.target as HTMLElement).click(),
      ' ': () => (event.target as HTMLElement).click(),
    };
    const action = move[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const key = keyOf(event.target);
    if (key !== undefined && key !== focused) setFocused(key);
  };

  const content = (item: MenuItem) => (
    <>
      {item.icon}
      <span className="ant-menu-title-content">{item.label}</span>
    </>
  );

  const renderItem = (item: MenuItem, level: number): ReactNode => {
    const common = {
      role: 'menuitem',
      tabIndex: item.key === tabStop ? 0 : -1,
      'data-menu-key': item.key,
      style: { paddingLeft: INDENT * level },
    };
    if (item.children) {
      const open = groups.keys.includes(item.key);
      const listId = groupIds.get(item.key);
      const classes = ['ant-menu-submenu', 'ant-menu-submenu-inline'];
      if (open) classes.push('ant-menu-submenu-open');
      if (containsKey(item, selected)) classes.push('ant-menu-submenu-selected');
      return (
        <li key={item.key} className={classes.join(' ')} role="none">
          <div {...common} className="ant-menu-submenu-title" aria-expanded={open} aria-haspopup="true" aria-controls={listId} onClick={() => activate(item)}>
            {content(item)}
            <i className="ant-menu-submenu-arrow" />
          </div>
          <ul
            className={open ? 'ant-menu ant-menu-sub ant-menu-inline' : 'ant-menu ant-menu-sub ant-menu-inline ant-menu-hidden'}
            role="menu"
            id={listId}
            hidden={!open}
          >
            {item.children.map((child) => renderItem(child, level + 1))}
          </ul>
        </li>
      );
    }
    const classes = ['ant-menu-item'];
    if (!item.icon) classes.push('ant-menu-item-only-child');
    if (item.key === selected) classes.push('ant-menu-item-selected');
    return (
      <li
        key={item.key}
        {...common}
        className={classes.join(' ')}
        aria-current={item.key === selected ? 'page' : undefined}
        onClick={() => activate(item)}
        onMouseEnter={onPreload && (() => onPreload(item.key))}
      >
        {content(item)}
      </li>
    );
  };

  return (
    // The arrow keys act on the focused entry; the list itself is not in the tab order, its entries are.
    <ul
      className={`ant-menu ant-menu-root ant-menu-inline ant-menu-light ${ANTD_CSS_VAR_KEY} ant-menu-css-var`}
      role="menu"
      style={{ borderInlineEnd: 'none' }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      {menu.items.map((item) => renderItem(item, 1))}
    </ul>
  );
}
