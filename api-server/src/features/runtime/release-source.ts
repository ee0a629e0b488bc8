/**
 * The remotes list from the release store: each remote's stable version in the environment's rollout
 * manifest, served at /releases/<remote>/<version>/. A remote the manifest does not release (or a
 * store without a manifest: a fresh checkout, the tests' temporary web roots) comes from `fallback`.
 */
import type { RemoteEntry, RouteDeclaration } from 'shared-sdk/contract';
import { federationName, isKnownRemote, type ReleaseAccess } from '../releases/release-access';
import type { RemoteSource } from './remote-source';

function isRoute(value: unknown): value is RouteDeclaration {
  if (typeof value !== 'object' || value === null) return false;
  const route = value as Partial<Record<keyof RouteDeclaration, unknown>>;
  return typeof route.path === 'string' && typeof route.module === 'string' && typeof route.title === 'string';
}

/** A release's routes.json routes that are well formed (path, module and title strings), as the contract types them; the others are left out. */
export function wellFormedRoutes(routes: readonly unknown[]): RouteDeclaration[] {
  return routes.filter(isRoute);
}

export function releaseRemoteSource(access: ReleaseAccess, fallback: RemoteSource): RemoteSource {
  return {
    async list() {
      // Re-read on every request: a deploy step from the CLI takes effect on the next page load.
      const manifest = await access.store.readManifest(access.env);
      const released = new Map<string, RemoteEntry>();
      if (manifest.revision > 0) {
        for (const [folder, rollout] of Object.entries(manifest.remotes)) {
          if (!isKnownRemote(folder) || !rollout.stable) continue;
          const found = await access.lookup(folder, rollout.stable.version);
          if (!found) continue;
          released.set(federationName(folder), {
            name: federationName(folder),
            version: found.version,
            manifestUrl: `${access.baseUrl}${folder}/${found.version}/${found.entry}`,
            routes: wellFormedRoutes(found.routes),
          });
        }
      }
      const fromBuilds = released.size === 0 ? await fallback.list() : (await fallback.list()).filter((entry) => !released.has(entry.name));
      return [...released.values(), ...fromBuilds];
    },
  };
}
