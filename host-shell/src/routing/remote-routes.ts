import type { RemoteEntry, RouteDeclaration } from 'shared-sdk';
import { remoteModuleId } from '../remotes/remote-loader';

/** One remote screen as the router mounts it. */
export interface RemoteRoute extends RouteDeclaration {
  /** Federation id, e.g. 'mf_drafts/DraftList'. */
  id: string;
}

/**
 * The remotes' declared routes, flattened. A path the host owns, or one another remote already
 * declared, is skipped with a warning: a remote cannot take over /login or another team's screen.
 */
export function collectRemoteRoutes(remotes: readonly RemoteEntry[], hostPaths: readonly string[]): RemoteRoute[] {
  const taken = new Set(hostPaths);
  const routes: RemoteRoute[] = [];
  for (const remote of remotes) {
    for (const route of remote.routes) {
      if (taken.has(route.path)) {
        console.warn(`host-shell: ${remote.name} declares ${route.path}, which is already taken; skipped`);
        continue;
      }
      taken.add(route.path);
      routes.push({ ...route, id: remoteModuleId(remote.name, route.module) });
    }
  }
  return routes;
}
