import { matchPath, type RouteObject } from 'react-router-dom';
import { type MenuEntry, type RemoteEntry, type RouteOpen } from 'shared-sdk';
import { highlightRules } from '../layout/highlight';
import { SIDEBAR_MENU } from '../layout/menu-data';
import { ShellLayout } from '../layout/shell-layout';
import { NoticePage } from '../pages/account/notice-page';
import { PasswordPage } from '../pages/account/password-page';
import { UserPage } from '../pages/account/user-page';
import { EmptyPage } from '../pages/empty-page';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login/login-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteScreen } from '../remotes/remote-screen';
import type { RemoteModuleLoader } from '../remotes/remote-loader';
import { collectRemoteRoutes, type RemoteRoute } from './remote-routes';
import { RootLayout } from './root-layout';

export interface ShellRoutesOptions {
  remotes: readonly RemoteEntry[];
  loadRemote: RemoteModuleLoader;
  menu?: readonly MenuEntry[];
  timeoutMs?: number;
}

/** The host's own screens inside the layout. */
const HOST_SCREENS: RouteObject[] = [
  { path: '/index', element: <HomePage /> },
  { path: '/notice', element: <NoticePage /> },
  { path: '/user', element: <UserPage /> },
  { path: '/password', element: <PasswordPage /> },
];
const HOST_PATHS = ['/', '/login', '/app', ...HOST_SCREENS.map((route) => route.path ?? '')];

/**
 * The router's routes: the host's own plus every released remote's declared routes, so a remote adds
 * a screen without a host release. The root layout applies the navigation rules on every navigation.
 */
export function buildRoutes({ remotes, loadRemote, menu = SIDEBAR_MENU, timeoutMs }: ShellRoutesOptions): RouteObject[] {
  const remoteRoutes = collectRemoteRoutes(remotes, HOST_PATHS);
  const toRoute = (route: RemoteRoute): RouteObject => ({
    path: route.path,
    element: <RemoteScreen id={route.id} title={route.title} load={loadRemote} timeoutMs={timeoutMs} />,
  });
  const knownPaths = [...HOST_PATHS, ...remoteRoutes.map((route) => route.path)];
  const isAvailable = (url: string) => knownPaths.some((path) => matchPath({ path, end: true }, url.split('?')[0] ?? url));
  const routeOpens = new Map<string, RouteOpen>(remoteRoutes.flatMap((route) => (route.open ? [[route.path, route.open] as const] : [])));

  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: null },
        { path: '/login', element: <LoginPage /> },
        { path: '/app', element: <EmptyPage /> },
        ...remoteRoutes.filter((route) => route.bare).map(toRoute),
        {
          element: (
            <ShellLayout entries={menu} highlightRules={highlightRules(remoteRoutes)} isAvailable={isAvailable} routeOpens={routeOpens} />
          ),
          children: [...HOST_SCREENS, ...remoteRoutes.filter((route) => !route.bare).map(toRoute), { path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}
