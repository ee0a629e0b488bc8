/**
 * What the host reads before anything else (unsigned: it needs the app id and secret to sign).
 * The app secret is public by design: the product embeds it in the page (spec §7).
 */
import type { FastifyPluginAsync } from 'fastify';
import { type RemotesList, type RuntimeConfig, ok } from 'shared-sdk/contract';
import { releaseAccess } from '../releases/release-access';
import { releaseRemoteSource } from './release-source';
import type { RemoteSource } from './remote-source';
import { registerHealthRoutes } from './health';
import { registerRolloutRoutes } from './rollout-routes';

export interface RuntimeOptions {
  remoteSource: RemoteSource;
}

const runtime: FastifyPluginAsync<RuntimeOptions> = async (app, options) => {
  const { config } = app;
  const access = releaseAccess(app);
  // The stable releases of the rollout manifest when there is one, else the builds (or dev servers).
  const remoteSource = config.mfDevServers ? options.remoteSource : releaseRemoteSource(access, options.remoteSource);
  registerRolloutRoutes(app, access);
  registerHealthRoutes(app);

  app.get('/api/runtime/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return ok<RuntimeConfig>({
      hosts: { main: '', newspaper: config.newspaperHost, user: config.userHost, analytics: config.analyticsHost },
      appId: config.appId,
      appSecret: config.appSecret,
      customerServiceUrl: config.customerServiceUrl,
      env: { name: config.appEnv, production: config.appEnv === 'production' },
    });
  });

  app.get('/api/runtime/remotes', async (_request, reply) => {
    // Read on every request: a remote built or released after start-up appears without a restart.
    reply.header('cache-control', 'no-cache');
    return ok<RemotesList>({ remotes: await remoteSource.list() });
  });
};

export default runtime;
