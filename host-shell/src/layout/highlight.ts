import { matchPath } from 'shared-sdk/router';
import type { MenuRoute } from 'shared-sdk';

/** While `path` is open, the menu entry `highlight` is the selected one. */
export interface HighlightRule {
  path: string;
  highlight: string;
}

/**
 * The one exception of docs/product.md §2 that no route declares (no part serves /audit yet); every other comes
 * from a route's `highlight`, the host's (shared-sdk SHELL_ROUTES) and the remotes' alike.
 */
export const UNDECLARED_HIGHLIGHT_RULES: readonly HighlightRule[] = [{ path: '/audit/mine', highlight: '/audit' }];

export function highlightRules(routes: readonly MenuRoute[]): HighlightRule[] {
  const declared = routes.flatMap((route) => (route.highlight ? [{ path: route.path, highlight: route.highlight }] : []));
  return [...UNDECLARED_HIGHLIGHT_RULES, ...declared];
}

/** The menu key to highlight for a path: the path itself unless a rule says otherwise. */
export function highlightFor(pathname: string, rules: readonly HighlightRule[]): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const rule = rules.find((candidate) => matchPath({ path: candidate.path, end: true }, path));
  return rule ? rule.highlight : path;
}
