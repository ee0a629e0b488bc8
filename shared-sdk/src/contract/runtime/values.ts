/** Where a route opens: in the shell, in a new tab, or in a new window (docs/product.md §2). */
export type RouteOpen = 'shell' | 'tab' | 'window';

/**
 * Who sees a sidebar entry (docs/product.md §6): 'shortDrama' only users whose authority check answers check
 * true; `{ tool }` only users whose tool list holds that code. No rule: everyone.
 */
export type MenuAccess = 'shortDrama' | { tool: string };

/** A sidebar group: it has no page; it shows while one of its entries does. */
export interface MenuGroup {
  label: string;
  /** A name of the host's icon set (host-shell layout/menu-icons.tsx). */
  icon: string;
  /** Place among the top-level entries and groups. */
  order: number;
}

/** The sidebar entry a route contributes (the routes are the menu). */
export interface RouteMenu {
  label: string;
  /** A name of the host's icon set; top-level entries only (entries inside a group have none). */
  icon?: string;
  /** Place among its siblings: the top level, or its group. */
  order: number;
  /** The group it sits in. Entries name the same group by its label; the first declaration's icon and order win. */
  group?: MenuGroup;
  access?: MenuAccess;
}

/** What the sidebar and its highlight rules need of a route: the host's and the remotes' alike. */
export interface MenuRoute {
  path: string;
  /** Menu entry highlighted while this route is open; defaults to the path itself. */
  highlight?: string;
  /** Routes marked tab or window are opened that way by links and menus (docs/product.md §2). */
  open?: RouteOpen;
  /** Its sidebar entry; routes without one (details, editors) are reached from their screens. */
  menu?: RouteMenu;
}

/** One route a remote contributes (declared in its src/expose/routes.ts). */
export interface RouteDeclaration extends MenuRoute {
  /** Exposed module, e.g. './MaterialList'. */
  module: string;
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

/** What the host reports of a remote's failures in users' pages (host-shell `remotes/error-reports.ts`). */
export const ERROR_REPORT_KINDS = ['error', 'rejection', 'boundary', 'api'] as const;
/** Bounds of one report batch and of its items: a page sends few, small ones. */
export const ERROR_REPORT_LIMITS = {
  ITEMS_PER_BATCH: 20,
  BATCH_CHARS: 60_000,
  MESSAGE_CHARS: 300,
  STACK_CHARS: 4_000,
  /** How many times one item may say it happened (the host folds repeats into one item). */
  COUNT_MAX: 1_000,
  /** The request ids of a failed call's latest answers an item carries and the server keeps per error, newest first. */
  REQUEST_IDS: 5,
} as const;

/** The header a request's id comes in and is answered in (api-server `lib/request-id.ts`). */
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * A text (an error's message or stack) without the query strings and fragments of the URLs it names,
 * which may carry tokens or phone numbers; a stack frame keeps its path, line and column. The host
 * applies it before sending a report and the server again before keeping one.
 */
export function withoutUrlQueries(text: string): string {
  return text.replace(/(https?:\/\/[^\s?#)]*)[?#][^\s)]*?(:\d+:\d+)?(?=[\s)]|$)/g, '$1$2');
}

/**
 * Field Core Web Vitals the host measures in users' pages (host-shell `remotes/vitals-reports.ts`),
 * at most one of each per page load, attributed to the remote version whose screen they measured.
 */
export const VITAL_NAMES = ['LCP', 'INP'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const VITAL_LIMITS = {
  /** One of each name per page load; a little room for a batch sent twice. */
  ITEMS_PER_BATCH: 4,
  BATCH_CHARS: 2_000,
  /** Milliseconds: a larger value is no measurement. */
  MAX_MS: 60_000,
} as const;
/** web.dev's thresholds: a page view above them is "poor" (the server decides, not the page's rating). */
export const VITAL_POOR_ABOVE_MS: Record<VitalName, number> = { LCP: 4_000, INP: 500 };
