/** Where to go after login: a path on this site only (no `//host` or absolute URLs), else /index. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/index';
  return target;
}
