import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { bindStore, createAppStore, loadRuntimeConfig } from 'shared-sdk';
import { Providers } from './app/providers';
import { StartupError } from './app/startup-error';
import { startRemotes } from './remotes/start-remotes';
import { buildRoutes } from './routing/build-routes';
import './styles.css';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const store = createAppStore();
  bindStore(store);
  try {
    await loadRuntimeConfig();
  } catch (error) {
    console.error('host-shell: runtime config unavailable', error);
    root.render(
      <Providers store={store}>
        <StartupError />
      </Providers>,
    );
    return;
  }
  // Listed, not fetched: each remote loads when one of its screens opens.
  // Each remote at this user's rollout version (canary or stable), falling back to stable on failure.
  const { remotes, loadRemote } = await startRemotes(store);
  const router = createBrowserRouter(buildRoutes({ remotes, loadRemote }));
  root.render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
