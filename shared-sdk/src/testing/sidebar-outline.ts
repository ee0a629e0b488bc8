import type { MenuEntry } from '../contract';

/**
 * The sidebar as a user reads it, one line per top-level entry: `label url`, `(window)` or `(tab)`
 * when it opens outside the shell, a group as `label [entry, entry]`. Tests compare it with the
 * list of docs/product.md §2 written out.
 */
export function sidebarOutline(entries: readonly MenuEntry[]): string[] {
  const line = (entry: MenuEntry): string => {
    if (entry.children?.length) return `${entry.ap_name} [${entry.children.map(line).join(', ')}]`;
    return entry.openType ? `${entry.ap_name} ${entry.ap_url} (${entry.openType})` : `${entry.ap_name} ${entry.ap_url}`;
  };
  return entries.map(line);
}
