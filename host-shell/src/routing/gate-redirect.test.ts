import { gateRedirect } from './gate-redirect';

describe('gateRedirect (docs/product.md §2 navigation rules)', () => {
  it.each([
    ['/', '', false, '/login'],
    ['/', '', true, '/index'],
    ['/login', '', false, null],
    ['/login', '', true, '/index'],
    ['/index', '', true, null],
    ['/draft', '?page=2', false, `/login?redirect=${encodeURIComponent('/draft?page=2')}`],
    ['/no/such/page', '', false, `/login?redirect=${encodeURIComponent('/no/such/page')}`],
    // The operators' console signs its own users in.
    ['/console', '', false, null],
    ['/console/review', '?tab=materials', false, null],
    ['/console/review', '', true, null],
    ['/consoles', '', false, `/login?redirect=${encodeURIComponent('/consoles')}`],
  ])('%s%s (logged in: %s) → %s', (pathname, search, loggedIn, expected) => {
    expect(gateRedirect(pathname, search, loggedIn)).toBe(expected);
  });
});
