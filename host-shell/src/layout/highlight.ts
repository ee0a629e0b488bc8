import { matchPath } from 'shared-sdk/router';
import type { RouteDeclaration } from 'shared-sdk';

/** While `path` is open, the menu entry `highlight` is the selected one. */
export interface HighlightRule {
  path: string;
  highlight: string;
}

/** The host's own exceptions (spec §2); the remotes add theirs through RouteDeclaration.highlight. */
export const HOST_HIGHLIGHT_RULES: readonly HighlightRule[] = [
  { path: '/audit/mine', highlight: '/audit' },
  { path: '/notice', highlight: '/index' },
  { path: '/user', highlight: '/index' },
  { path: '/password', highlight: '/index' },
];

export function highlightRules(remoteRoutes: readonly RouteDeclaration[]): HighlightRule[] {
  const declared = remoteRoutes.flatMap((route) => (route.highlight ? [{ path: route.path, highlight: route.highlight }] : []));
  return [...HOST_HIGHLIGHT_RULES, ...declared];
}

/** The menu key to highlight for a path: the path itself unless a rule says otherwise. */
export function highlightFor(pathname: string, rules: readonly HighlightRule[]): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const rule = rules.find((candidate) => matchPath({ path: candidate.path, end: true }, path));
  return rule ? rule.highlight : path;
}
