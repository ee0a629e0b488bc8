/** Test helpers for remotes: mount a screen the way the host does (`import … from 'shared-sdk/testing'`). */
import type { ComponentType, ReactElement } from 'react';
import { render, type RenderResult, screen } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from '../router';
import type { UserInfo } from '../contract';
import { bindStore } from '../session';
import { createAppStore } from '../store';
import { COMING_SOON_NOTICE } from '../ui/coming-soon';

export const VERIFIED_USER: UserInfo = {
  u_id: 1,
  u_nickname: '创作者小王',
  u_avatar: '',
  is_reverse_author: 0,
  u_cert: 1,
  u_cert_status: 0,
  cert_type: 0,
  token: 'test-token',
  banData: null,
  tokenExpire: false,
};

export interface RenderScreenOptions {
  /** The session user the guards read; null renders logged out. */
  user?: UserInfo | null;
  /** Extra routes, e.g. the page a screen navigates to. */
  extraRoutes?: Record<string, ComponentType>;
}

/** What the host gives any component: its store, antd's App context and the zh-CN provider. */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(
    <Provider store={createAppStore()}>
      <ConfigProvider locale={zhCN}>
        <AntdApp>{ui}</AntdApp>
      </ConfigProvider>
    </Provider>,
  );
}

/**
 * Renders one screen as the host would mount it: at its declared route, inside the host's store
 * (bound for the SDK guards), antd's App and its zh-CN provider.
 */
export function renderScreen(Screen: ComponentType, routePath: string, url: string = routePath, options: RenderScreenOptions = {}): RenderResult {
  const store = createAppStore({ session: { user: options.user === undefined ? VERIFIED_USER : options.user } });
  const unbind = bindStore(store);
  const result = render(
    <Provider store={store}>
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={routePath} element={<Screen />} />
              {Object.entries(options.extraRoutes ?? {}).map(([path, Extra]) => (
                <Route key={path} path={path} element={<Extra />} />
              ))}
            </Routes>
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>
    </Provider>,
  );
  const unmount = result.unmount;
  result.unmount = () => {
    unmount();
    unbind();
  };
  return result;
}

/** What a remote exposes: module name (`./Rank`) → its loader, as module-federation.config.js lists them. */
export type ExposedModules = Record<string, () => Promise<{ default: ComponentType }>>;

/**
 * Mounts a route's exposed screen at a sample URL of its path and finds the route's title and the
 * coming-soon notice on it; throws (failing the test) when the module is not exposed or either text is missing.
 */
export async function expectComingSoonScreen(route: { path: string; module: string; title: string }, exposed: ExposedModules): Promise<void> {
  const load = exposed[route.module];
  if (!load) throw new Error(`${route.module} is not exposed`);
  const { default: Screen } = await load();
  renderScreen(Screen, route.path, route.path.replace(/:[^/]+/g, '0'));
  screen.getByText(route.title);
  screen.getByText(COMING_SOON_NOTICE);
}
