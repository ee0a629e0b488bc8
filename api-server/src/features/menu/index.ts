/**
 * POST /admin/account/rolePermissionList (docs/product.md §7): the sidebar, per user, derived from the route
 * declarations (shared-sdk's sidebarEntries over the host's SHELL_ROUTES and the remotes' routes),
 * so it agrees with the menu the shell builds itself from the same routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SHELL_ROUTES, ok, sidebarEntries } from 'shared-sdk/contract';
import { menu as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { releaseAccess } from '../releases/release-access';
import { releaseRemoteSource } from '../runtime/release-source';
import type { RemoteSource } from '../runtime/remote-source';

const menu: FastifyPluginAsync<{ remoteSource: RemoteSource }> = async (app, options) => {
  // The remotes the host loads: what /api/runtime/remotes lists (the rollout's stable releases, else the builds).
  const remotes = app.config.mfDevServers ? options.remoteSource : releaseRemoteSource(releaseAccess(app), options.remoteSource);

  serve(app, contract.rolePermissionList, async (request) => {
    const { user } = requireAuth(request);
    const routes = [...SHELL_ROUTES, ...(await remotes.list()).flatMap((remote) => remote.routes)];
    return ok(sidebarEntries(routes, { shortDrama: user.short_drama_auth, tools: user.tools }));
  });
};

export default menu;
