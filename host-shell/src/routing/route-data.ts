/**
 * Starts a remote screen's first call as soon as its route is entered, beside the screen's code
 * rather than after it (see shared-sdk http/prefetch): a route that declares `data` carries it in
 * its router `handle`, and every new address the router reaches starts the declared call once.
 */
import { prefetchCall, routeDataCall, type RouteData } from 'shared-sdk';

/** What a route object carries for this (build-routes puts it in `handle`). */
export interface RouteDataHandle {
  data: RouteData;
}

/** The part of the router this needs: its state (address and matched routes) and its updates. */
interface RouterState {
  location: { pathname: string; search: string };
  matches: readonly { route: { handle?: unknown } }[];
}
interface RouterLike {
  state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

function declaredData(matches: RouterState['matches']): RouteData | undefined {
  const handle = matches.at(-1)?.route.handle as Partial<RouteDataHandle> | undefined;
  const data = handle?.data;
  return data && typeof data.url === 'string' ? data : undefined;
}

/** Watches the router from now on (the current address included); returns the unsubscribe. */
export function startRouteData(router: RouterLike, start: typeof prefetchCall = prefetchCall): () => void {
  let last: string | null = null;
  const entered = (state: RouterState) => {
    const address = state.location.pathname + state.location.search;
    // The router also reports changes that are not a new address (navigation states, fetchers).
    if (address === last) return;
    last = address;
    const data = declaredData(state.matches);
    if (data) start(routeDataCall(data, state.location.search));
  };
  entered(router.state);
  return router.subscribe(entered);
}
