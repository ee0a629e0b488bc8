/**
 * The remotes as their sources declare them (each one's src/expose/routes.ts), for tests whose
 * answers derive from the route declarations without a build. routes.ts is plain data that imports
 * only types (the build reads it the same way), so tsx can load it on its own.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RemoteEntry } from 'shared-sdk/contract';
import { REMOTES } from '../features/runtime/catalogue';
import { wellFormedRoutes } from '../features/runtime/release-source';
import type { RemoteSource } from '../features/runtime/remote-source';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

async function declared(folder: string): Promise<unknown[]> {
  const file = pathToFileURL(path.join(REPO_ROOT, folder, 'src', 'expose', 'routes.ts')).href;
  const routes: unknown = ((await import(file)) as { default: unknown }).default;
  if (!Array.isArray(routes)) throw new Error(`${folder}/src/expose/routes.ts exports no route list`);
  return routes;
}

export function declaredRemoteSource(): RemoteSource {
  return {
    list: () =>
      Promise.all(
        REMOTES.map(async (remote): Promise<RemoteEntry> => ({
          name: remote.name,
          version: '0.0.0-declared',
          manifestUrl: `/remotes/${remote.folder}/mf-manifest.json`,
          routes: wellFormedRoutes(await declared(remote.folder)),
        })),
      ),
  };
}
