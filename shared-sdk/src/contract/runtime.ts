/** Where a route opens: in the shell, in a new tab, or in a new window (spec §2). */
export type RouteOpen = 'shell' | 'tab' | 'window';

/** One route a remote contributes (declared in its src/expose/routes.ts). */
export interface RouteDeclaration {
  path: string;
  /** Exposed module, e.g. './MaterialList'. */
  module: string;
  /** Menu entry highlighted while this route is open; defaults to the path itself. */
  highlight?: string;
  /** Routes marked tab or window are opened that way by links and menus (spec §2). */
  open?: RouteOpen;
  /** Screens without the shell's header and sidebar (editors, rank). */
  bare?: boolean;
  title: string;
  /** The screen's first call, which the host starts beside the screen's code (see shared-sdk http/prefetch). */
  data?: RouteData;
}

/**
 * A screen's first call as its route declares it: `url` and `params` as the screen sends them by
 * default, and `fromQuery` (field → query parameter) for the fields it takes from the address.
 * A declaration that no longer matches what the screen sends costs one wasted call, nothing else.
 */
export interface RouteData {
  url: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string | number>;
  fromQuery?: Record<string, string>;
}
