import { useEffect } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type Location, type NavigateFunction, type RouteObject } from 'shared-sdk/router';
import { bindStore, createAppStore, USER_INFO_STORAGE_KEY, type AppStore, type RemoteEntry, type UserInfo } from 'shared-sdk';
import { resetBanChecks } from '../features/dialogs/use-startup-ban-check';
import { setShellClient, type ShellClient } from '../lib/shell-client';
import { FAKE_SHELL_CLIENT } from './fake-client';
import { Providers } from '../app/providers';
import type { RemoteModuleLoader } from '../remotes/remote-loader';
import { buildRoutes, shellRemoteRoutes } from '../routing/build-routes';

export interface RenderAppOptions {
  url: string;
  user?: UserInfo | null;
  remotes?: RemoteEntry[];
  /** The fake remote loader: tests never reach the network. */
  loadRemote?: RemoteModuleLoader;
  timeoutMs?: number;
  /** Overrides of the fake shell calls (the rest answer calmly). */
  client?: Partial<ShellClient>;
}

/** Where the app is, and a way to move, as a person typing a URL would. */
export interface AppHistory {
  location: Location;
  navigate: NavigateFunction;
}

export interface RenderedApp extends RenderResult {
  store: AppStore;
  history: AppHistory;
}

const noRemote: RemoteModuleLoader = (id) => Promise.reject(new Error(`no fake for ${id}`));

function App({ routes, onHistory }: { routes: RouteObject[]; onHistory: (history: AppHistory) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    onHistory({ location, navigate });
  }, [location, navigate, onHistory]);
  return useRoutes(routes);
}

/**
 * The whole shell at `url`: the routes bootstrap gives createBrowserRouter, here in a memory router
 * (jsdom has no fetch Request, which data routers need), a fresh store and an injected remote loader.
 */
export function renderApp({ url, user = null, remotes = [], loadRemote = noRemote, timeoutMs, client }: RenderAppOptions): RenderedApp {
  localStorage.clear();
  sessionStorage.clear();
  if (user) localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
  setShellClient({ ...FAKE_SHELL_CLIENT, ...client });
  resetBanChecks();
  const store = createAppStore({ session: { user } });
  bindStore(store);
  const history = {} as AppHistory;
  const onHistory = (current: AppHistory) => Object.assign(history, current);
  const result = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[url]}>
        <App routes={buildRoutes({ routes: shellRemoteRoutes(remotes), loadRemote, timeoutMs })} onHistory={onHistory} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, store, history };
}
