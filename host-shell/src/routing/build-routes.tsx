import { useEffect, useRef } from 'react';
import { matchPath, Outlet, useLocation, type RouteObject } from 'shared-sdk/router';
import { prefetchCall, routeDataCall, SHELL_ROUTES, type RemoteEntry, type RouteOpen } from 'shared-sdk';
import { highlightRules } from '../layout/highlight';
import { SIDEBAR_RULE_CALLS } from '../layout/sidebar-rules';
import { RemoteScreen } from '../remotes/remote-screen';
import type { RemoteModuleLoader } from '../remotes/remote-loader';
import { Deferred, lazyScreen } from '../lib/lazy-screen';
import { nextTask } from '../lib/next-task';
import { isConsolePath } from './console-routes';
import { servedPaths } from './served-paths';
import { collectRemoteRoutes, type RemoteRoute } from './remote-routes';
import { RootLayout } from './root-layout';
import type { RouteDataHandle } from './route-data';

// Every screen and the shell's layout load on first use: /login needs none of them (nor antd).
const AntdProviders = lazyScreen(async () => (await import('../app/antd-providers')).AntdProviders);
const ShellLayout = lazyScreen(async () => (await import('../layout/shell-layout')).ShellLayout);
const NoticePage = lazyScreen(async () => (await import('../pages/account/notice-page')).NoticePage);
const PasswordPage = lazyScreen(async () => (await import('../pages/account/password-page')).PasswordPage);
const UserPage = lazyScreen(async () => (await import('../pages/account/user-page')).UserPage);
const EmptyPage = lazyScreen(async () => (await import('../pages/empty-page')).EmptyPage);
const HomePage = lazyScreen(async () => (await import('../pages/home-page')).HomePage);
const LoginPage = lazyScreen(async () => (await import('../pages/login/login-page')).LoginPage);
const NotFoundPage = lazyScreen(async () => (await import('../pages/not-found-page')).NotFoundPage);

/**
 * A signed-in page load, before the runtime config and the rollout are known: starts fetching (and
 * evaluating) antd's providers and, for the host's own screens, the shell's layout and the screen,
 * so they are ready when the router first renders instead of being asked for only then. A remote
 * screen's path is not known to be bare or not until the rollout has come: antd's providers only.
 */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  if (pathname === '/' || pathname === '/login' || pathname.startsWith('/login/')) return;
  const screen = HOST_PRELOADS[pathname];
  // Each in a task of its own: asking for one is main-thread work of its own (a share looked up per
  // antd component it takes, a script or stylesheet element per file), 80-160 ms at 2x CPU for the
  // providers or the layout, which in one task blocked the page 185-350 ms (bench/RESULTS.md, 2026-12-02).
  const loads = [AntdProviders.preload, ...(screen ? [ShellLayout.preload, screen] : [])];
  for (const [index, load] of loads.entries()) {
    if (index > 0) await nextTask();
    void load().catch(() => undefined);
  }
}

/**
 * The released remotes' routes as this shell mounts them (a path the host owns, or another remote
 * took first, is skipped with a warning). Collected once per page load, by bootstrap, and given to
 * both preloadFirstRemoteScreen and buildRoutes.
 */
export function shellRemoteRoutes(remotes: readonly RemoteEntry[]): RemoteRoute[] {
  return collectRemoteRoutes(remotes, HOST_PATHS);
}

/**
 * A signed-in page load, once the rollout has said which remotes (and versions) there are: the
 * screen at this address, if a remote owns it, starts loading its whole module (manifest, entry,
 * chunks and the host's shared components it takes) now, beside the runtime config, instead of when
 * the router first renders it. That includes a screen the menu opens in a window of its own (/rank):
 * this page is that window.
 */
export function preloadFirstRemoteScreen(pathname: string, routes: readonly RemoteRoute[], loadRemote: RemoteModuleLoader): void {
  const remote = routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
  if (remote) void loadRemote(remote.id).catch(() => undefined);
}

/** The remote screen a path opens (not a route that opens elsewhere, e.g. in a new tab). */
function remoteRouteAt(routes: readonly RemoteRoute[], pathname: string): RemoteRoute | undefined {
  return routes.find((route) => !route.open && matchPath({ path: route.path, end: true }, pathname));
}

export interface ShellRoutesOptions {
  /** The remotes' routes, from shellRemoteRoutes. */
  routes: readonly RemoteRoute[];
  loadRemote: RemoteModuleLoader;
  timeoutMs?: number;
}

/**
 * Every route but /login renders inside antd's providers (locale, App and its message), which load
 * with the first such route. The route's own code starts loading at the same time, not after them.
 */
function AntdLayout({ onEnter }: { onEnter: (path: string) => void }) {
  const { pathname } = useLocation();
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current) return;
    entered.current = true;
    onEnter(pathname);
  }, [onEnter, pathname]);
  return (
    <Deferred>
      <AntdProviders>
        <Outlet />
      </AntdProviders>
    </Deferred>
  );
}

/** The host's own screens inside the layout. */
const HOST_SCREENS: RouteObject[] = [
  {
    path: '/index',
    element: (
      <Deferred>
        <HomePage />
      </Deferred>
    ),
  },
  {
    path: '/notice',
    element: (
      <Deferred>
        <NoticePage />
      </Deferred>
    ),
  },
  {
    path: '/user',
    element: (
      <Deferred>
        <UserPage />
      </Deferred>
    ),
  },
  {
    path: '/password',
    element: (
      <Deferred>
        <PasswordPage />
      </Deferred>
    ),
  },
];
const HOST_PATHS = ['/', '/login', '/app', ...HOST_SCREENS.map((route) => route.path ?? '')];
const HOST_PRELOADS: Record<string, (() => Promise<unknown>) | undefined> = {
  '/index': HomePage.preload,
  '/notice': NoticePage.preload,
  '/user': UserPage.preload,
  '/password': PasswordPage.preload,
};

/**
 * The router's routes: the host's own plus every released remote's declared routes, so a remote adds
 * a screen without a host release. The root layout applies the navigation rules on every navigation.
 */
export function buildRoutes({ routes: allRemoteRoutes, loadRemote, timeoutMs }: ShellRoutesOptions): RouteObject[] {
  // The operators' console renders in a layout of its own (it draws its own sign-in, header and
  // menu) and is no part of the creators' layout, menus or highlight rules, whatever it declares.
  const consoleRoutes = allRemoteRoutes.filter((route) => isConsolePath(route.path));
  const remoteRoutes = allRemoteRoutes.filter((route) => !isConsolePath(route.path));
  // The routes are the menu: the sidebar and its highlight rules come from the host's routes and the remotes' declared ones.
  const menuRoutes = [...SHELL_ROUTES, ...remoteRoutes];
  const toRoute = (route: RemoteRoute): RouteObject => ({
    path: route.path,
    element: <RemoteScreen id={route.id} title={route.title} load={loadRemote} timeoutMs={timeoutMs} />,
    // The screen's declared first call, started on entering the route (route-data.ts).
    ...(route.data ? { handle: { data: route.data } satisfies RouteDataHandle } : {}),
  });
  const knownPaths = [...HOST_PATHS, ...remoteRoutes.map((route) => route.path)];
  const isAvailable = servedPaths(knownPaths);
  const routeOpens = new Map<string, RouteOpen>(remoteRoutes.flatMap((route) => (route.open ? [[route.path, route.open] as const] : [])));
  // Hovering a menu entry starts loading its page: a remote screen's whole module (manifest, entry,
  // chunks, the shared components it takes from the host) and its declared first call, or a host
  // screen's chunk. The click then finds them loaded or on their way (entering the route does not
  // send the call again, see shared-sdk's prefetch); a failure here is ignored (the click reports it).
  const remoteAt = (path: string) => remoteRouteAt([...remoteRoutes, ...consoleRoutes], path);
  const preloadCode = (path: string) => {
    const remote = remoteAt(path);
    if (remote) void loadRemote(remote.id).catch(() => undefined);
    else void HOST_PRELOADS[path]?.().catch(() => undefined);
  };
  const preload = (url: string) => {
    const [path = url, query = ''] = url.split('?');
    preloadCode(path);
    // Not for the page already open: its screen has made that call, and no click will take it.
    const data = remoteAt(path)?.data;
    if (data && url !== window.location.pathname + window.location.search) prefetchCall(routeDataCall(data, query));
  };

  const bareRoutes = remoteRoutes.filter((route) => route.bare);
  // Entering the antd routes cold (a reload of /index): the shell's layout and the screen's code load
  // beside antd; its data call, with the address's own query, is started by route-data.ts.
  // The sidebar's rules are asked for with them: its 短剧 entry waits for the answer (shell-layout).
  const enter = (path: string) => {
    // Nothing of the creators' shell for the console: no layout, no sidebar calls (a creator's, unsigned-in here).
    const shell = !isConsolePath(path) && path !== '/app' && !bareRoutes.some((route) => matchPath({ path: route.path, end: true }, path));
    if (shell) {
      void ShellLayout.preload().catch(() => undefined);
      for (const call of Object.values(SIDEBAR_RULE_CALLS)) prefetchCall(call);
    }
    preloadCode(path);
  };

  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: null },
        {
          path: '/login',
          element: (
            <Deferred>
              <LoginPage />
            </Deferred>
          ),
        },
        {
          element: <AntdLayout onEnter={enter} />,
          children: [
            {
              path: '/app',
              element: (
                <Deferred>
                  <EmptyPage />
                </Deferred>
              ),
            },
            // The console: the remote's own layout, landmarks included; nothing of the creators' shell.
            ...consoleRoutes.map(toRoute),
            // No console released (or not reachable): a page of its own saying so, not the creators' 404 in their layout.
            ...(consoleRoutes.length > 0
              ? []
              : [
                  {
                    path: '/console/*',
                    element: (
                      <main>
                        <Deferred>
                          <NotFoundPage />
                        </Deferred>
                      </main>
                    ),
                  },
                ]),
            // Without the shell's layout a screen still is the page's main landmark (the layout's Content is <main>).
            ...bareRoutes.map((route) => ({ ...toRoute(route), element: <main>{toRoute(route).element}</main> })),
            {
              element: (
                <Deferred>
                  <ShellLayout
                    routes={menuRoutes}
                    highlightRules={highlightRules(menuRoutes)}
                    isAvailable={isAvailable}
                    routeOpens={routeOpens}
                    onPreload={preload}
                  />
                </Deferred>
              ),
              children: [
                ...HOST_SCREENS,
                ...remoteRoutes.filter((route) => !route.bare).map(toRoute),
                {
                  path: '*',
                  element: (
                    <Deferred>
                      <NotFoundPage />
                    </Deferred>
                  ),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
