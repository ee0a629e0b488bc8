/**
 * The sidebar: the menu call's entries, the host's own routes (`shell-routes.ts`) and how one user's
 * sidebar is built from the route declarations (`sidebar.ts`).
 */
import type * as menu from './schemas';

export * from './shell-routes';
export * from './sidebar';

export type MenuEntry = menu.MenuEntry;
