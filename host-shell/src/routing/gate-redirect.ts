import { isConsolePath } from './console-routes';

export const LOGIN = '/login';
export const HOME = '/index';

/**
 * docs/product.md §2 navigation rules, judged once per navigation: anonymous users reach only /login; a
 * logged-in user (token and no expiry flag) at /login, or at /, goes to /index. Null: stay.
 * The operators' console signs its own users in: a creator's session neither opens nor closes it.
 */
export function gateRedirect(pathname: string, search: string, loggedIn: boolean): string | null {
  if (isConsolePath(pathname)) return null;
  if (pathname === '/') return loggedIn ? HOME : LOGIN;
  if (pathname === LOGIN) return loggedIn ? HOME : null;
  if (!loggedIn) return `${LOGIN}?redirect=${encodeURIComponent(pathname + search)}`;
  return null;
}
