import type { CallSpec } from 'shared-sdk';
import { startRouteData } from './route-data';

const draftData = { url: '/api/draft/search', params: { type: 0, page: 1, size: 10 }, fromQuery: { title: 'title' } };

/** A router stand-in that reports the states a real one would, in order. */
function routerAt(pathname: string, search = '', handle?: unknown) {
  const listeners: ((state: ReturnType<typeof stateOf>) => void)[] = [];
  const stateOf = (path: string, query: string, routeHandle?: unknown) => ({
    location: { pathname: path, search: query },
    matches: [{ route: {} }, { route: { handle: routeHandle } }],
  });
  const router = {
    state: stateOf(pathname, search, handle),
    subscribe(listener: (state: ReturnType<typeof stateOf>) => void) {
      listeners.push(listener);
      return () => undefined;
    },
    go(path: string, query = '', routeHandle?: unknown) {
      router.state = stateOf(path, query, routeHandle);
      listeners.forEach((listener) => listener(router.state));
    },
  };
  return router;
}

describe('startRouteData', () => {
  it('starts the declared call for the address the page opens at and for each new one', () => {
    const started: CallSpec[] = [];
    const router = routerAt('/draft', '?title=%E9%BB%84%E6%B2%B3', { data: draftData });
    startRouteData(router, (spec) => started.push(spec));
    router.go('/index');
    router.go('/draft', '', { data: draftData });
    expect(started).toEqual([
      { path: '/api/draft/search', method: 'GET', params: { type: 0, page: 1, size: 10, title: '黄河' } },
      { path: '/api/draft/search', method: 'GET', params: { type: 0, page: 1, size: 10 } },
    ]);
  });

  it('starts nothing again while the address stays the same, nor for routes without a declaration', () => {
    const started: CallSpec[] = [];
    const router = routerAt('/draft', '', { data: draftData });
    startRouteData(router, (spec) => started.push(spec));
    router.go('/draft', '', { data: draftData });
    router.go('/material', '', undefined);
    router.go('/material', '?page=2', { data: { url: 42 } });
    expect(started).toHaveLength(1);
  });
});
