import type { MenuRoute } from '../runtime/values';

/**
 * The host's own routes as far as the sidebar and its highlight rules need them (docs/product.md §2): its
 * screens are built into the host, its menu entries are declared here, beside the remotes' routes.ts
 * in shape, where the server's menu call reads them too.
 */
export const SHELL_ROUTES: readonly MenuRoute[] = [
  { path: '/index', menu: { label: '首页', icon: 'home', order: 1 } },
  { path: '/notice', highlight: '/index' },
  { path: '/user', highlight: '/index' },
  { path: '/password', highlight: '/index' },
];
