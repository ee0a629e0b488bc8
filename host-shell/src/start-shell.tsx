import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'shared-sdk/router';
import { bindStore, createAppStore, getToken, loadRuntimeConfig } from 'shared-sdk';
import { Providers } from './app/providers';
import { startRemotes } from './remotes/start-remotes';
import { buildRoutes, preloadFirstRemoteScreen, preloadFirstScreen, shellRemoteRoutes } from './routing/build-routes';
import { startRouteData } from './routing/route-data';
import { Deferred, lazyScreen } from './lib/lazy-screen';
import { nextTask } from './lib/next-task';

// Shown only when the runtime config cannot be read: its code (and antd's providers) is not part of a normal start.
const StartupError = lazyScreen(async () => {
  const [{ StartupError: Screen }, { AntdProviders }] = await Promise.all([import('./app/startup-error'), import('./app/antd-providers')]);
  return () => (
    <AntdProviders>
      <Screen />
    </AntdProviders>
  );
});

/** The shell's start, once bootstrap.tsx has evaluated its libraries. */
export async function startShell(root: Root): Promise<void> {
  const store = createAppStore();
  bindStore(store);
  // Neither needs the runtime config: the rollout (the remotes' versions) and, signed in, the first
  // screen's code are asked for beside it rather than one after the other.
  // Each remote at this user's rollout version (canary or stable), falling back to stable on failure.
  // Their routes are collected once, for the first screen's preload and for the router.
  const remotesStarted = startRemotes(store).then(({ remotes, loadRemote }) => ({ routes: shellRemoteRoutes(remotes), loadRemote }));
  remotesStarted.catch(() => undefined);
  const configLoaded = loadRuntimeConfig();
  configLoaded.catch(() => undefined);
  // The first screen's files (a score of requests, each one main-thread work) in a task of their own.
  await nextTask();
  if (getToken()) {
    void preloadFirstScreen(window.location.pathname);
    // A remote screen's code starts as soon as the rollout names its version, not after the config.
    void remotesStarted.then(({ routes, loadRemote }) => {
      if (getToken()) preloadFirstRemoteScreen(window.location.pathname, routes, loadRemote);
    });
  }
  try {
    await configLoaded;
  } catch (error) {
    console.error('host-shell: runtime config unavailable', error);
    root.render(
      <Providers store={store}>
        <Deferred>
          <StartupError />
        </Deferred>
      </Providers>,
    );
    return;
  }
  // Listed, not fetched: each remote loads when one of its screens opens.
  const { routes, loadRemote } = await remotesStarted;
  const router = createBrowserRouter(buildRoutes({ routes, loadRemote }));
  // A remote screen's declared first call starts with its code, not after it.
  startRouteData(router);
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task (bench/RESULTS.md, 2026-11-30 afternoon).
  startTransition(() =>
    root.render(
      <Providers store={store}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  );
}
