/**
 * The operators' console (the mf-console remote) lives under /console. It has its own sign-in and
 * its own layout: its routes are never in the creators' layout or menus, and the creators' login
 * rules do not apply to them.
 */
export const CONSOLE_PREFIX = '/console';

/** Whether a path (a route's declared path or an address) belongs to the console. */
export function isConsolePath(path: string): boolean {
  return path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`);
}
