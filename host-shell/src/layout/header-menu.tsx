import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type Ref } from 'react';
import { ANTD_CSS_VAR_KEY } from '../lib/antd-css-var-key';
import '../lib/generated/antd/dropdown.css';
import './header-menu.css';

export interface HeaderMenuItem {
  key: string;
  label: string;
}

/** What the trigger must carry: spread these on a button (a className of its own goes after this one). */
export interface MenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  /** antd's trigger classes: its dropdown stylesheet sizes a Button's down arrow by them. */
  className: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

export interface HeaderMenuProps {
  items: readonly HeaderMenuItem[];
  onSelect: (key: string) => void;
  /** The trigger button, given the props that make it open the menu. */
  trigger: (props: MenuTriggerProps) => ReactElement;
  /** Opens when the pointer rests on the trigger too (the user menu), not only on a click. */
  openOnHover?: boolean;
}

/** antd's Dropdown waits this long before opening on hover, and before closing when the pointer leaves. */
const HOVER_OPEN_MS = 150;
const HOVER_CLOSE_MS = 100;

const DROPDOWN_VARS = `${ANTD_CSS_VAR_KEY} ant-dropdown-css-var`;

/**
 * A header menu button (内容创作, the user menu): a button that opens a list of actions, drawn with antd
 * Dropdown's markup, classes and generated stylesheet, so it looks as antd's did, without antd's
 * Dropdown and Menu (rc-menu, rc-dropdown), which the shell's first screen then does not load.
 *
 * It behaves as a menu button (WAI-ARIA APG): Enter, Space or ArrowDown on the trigger open the menu
 * with its first entry focused (ArrowUp: the last); the arrows, Home and End move through it; Enter
 * or Space runs an entry; Escape closes it and gives focus back to the trigger. A mouse click opens
 * it and leaves focus where it is, as antd's did. A click outside, or focus moving elsewhere, closes it.
 * The list sits right after the trigger in the page, so Tab goes on from there.
 */
export function HeaderMenu({ items, onSelect, trigger, openOnHover = false }: HeaderMenuProps) {
  // null: closed; -1: open with no entry focused (opened by the pointer); else the entry the keyboard is on.
  const [active, setActive] = useState<number | null>(null);
  const open = active !== null;
  const [minWidth, setMinWidth] = useState<number>();
  const menuId = `${useId()}-menu`;
  const root = useRef<HTMLSpanElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = (focusIndex: number) => {
    setMinWidth(triggerRef.current?.offsetWidth);
    setActive(focusIndex);
  };
  const close = () => {
    // Focus inside the list would fall to the page's body when the list goes: it goes back to the trigger.
    if (list.current?.contains(document.activeElement)) triggerRef.current?.focus();
    setActive(null);
  };

  // The entry moved to by the keyboard takes focus.
  useEffect(() => {
    if (active !== null && active >= 0) (list.current?.children[active] as HTMLElement | undefined)?.focus();
  }, [active]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      // Focus has gone elsewhere already, so it is not moved back to the trigger (close() would).
      if (!root.current?.contains(event.target as Node)) setActive(null);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // The list is inside the frame the pointer is watched on: moving from the trigger to the list does not leave it.
  const hover = (entering: boolean) => {
    if (!openOnHover) return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        if (entering && !open) show(-1);
        else if (!entering && open) close();
      },
      entering ? HOVER_OPEN_MS : HOVER_CLOSE_MS,
    );
  };

  const select = (key: string) => {
    close();
    onSelect(key);
  };

  const onTriggerClick = (event: MouseEvent<HTMLElement>) => {
    clearTimeout(hoverTimer.current);
    // A click from Enter or Space has no pointer (detail 0): the keyboard goes on into the list.
    const fromKeyboard = event.detail === 0;
    if (!open) show(fromKeyboard ? 0 : -1);
    // A menu that hover opened stays open under the pointer's click.
    else if (fromKeyboard || !openOnHover) close();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 0 : items.length - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const at = active ?? -1;
    const moves: Partial<Record<string, number>> = {
      ArrowDown: at >= last ? 0 : at + 1,
      ArrowUp: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if ((event.key === 'Enter' || event.key === ' ') && items[at]) {
      event.preventDefault();
      select(items[at].key);
    }
  };

  return (
    <span ref={root} className="header-menu" onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)}>
      {trigger({
        ref: triggerRef,
        className: open ? 'ant-dropdown-trigger ant-dropdown-open' : 'ant-dropdown-trigger',
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
        onClick: onTriggerClick,
        onKeyDown: onTriggerKeyDown,
      })}
      {open ? (
        <div
          className={`ant-dropdown ${DROPDOWN_VARS} ant-dropdown-placement-bottomLeft ant-slide-up-appear ant-slide-up-appear-active header-menu-popup`}
          style={{ minWidth }}
        >
          <ul
            ref={list}
            id={menuId}
            role="menu"
            className={`ant-dropdown-menu ant-dropdown-menu-root ant-dropdown-menu-vertical ant-dropdown-menu-light ${DROPDOWN_VARS} ant-dropdown-menu-css-var`}
            onKeyDown={onListKeyDown}
          >
            {items.map((item, index) => (
              <li
                key={item.key}
                role="menuitem"
                tabIndex={-1}
                className={`ant-dropdown-menu-item ant-dropdown-menu-item-only-child${index === active ? ' ant-dropdown-menu-item-active' : ''}`}
                onClick={() => select(item.key)}
              >
                <span className="ant-dropdown-menu-title-content">{item.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </span>
  );
}
