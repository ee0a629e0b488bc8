/** Test helpers for remotes: mount a screen the way the host does (`import … from 'shared-sdk/testing'`). */
import type { ComponentType, ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from '../router';
import type { UserInfo } from '../contract';
import { bindStore } from '../session';
import { createAppStore } from '../store';

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

/** A remote's module-federation.config.js as jest loads it. */
export interface FederationConfigModule {
  default: { exposes: Record<string, string> };
}

/**
 * The loaders of what a remote's federation config exposes (`exposes`: name → file from the package
 * root), so a screens test covers exactly what the build exposes, not a copy of the list.
 */
export function exposedModules(config: { exposes: Record<string, string> }, packageRoot: string): ExposedModules {
  return Object.fromEntries(
    Object.entries(config.exposes).map(([name, file]) => [
      name,
      () => import(`${packageRoot}/${file.replace(/^\.\//, '')}`) as Promise<{ default: ComponentType }>,
    ]),
  );
}
