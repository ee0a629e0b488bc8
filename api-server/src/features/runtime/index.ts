/**
 * What the host reads before anything else (unsigned: it needs the app id and secret to sign).
 * The app secret is public by design: the product embeds it in the page (docs/product.md §7).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { runtime as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { releaseAccess } from '../releases/release-access';
import { releaseRemoteSource } from './release-source';
import type { RemoteSource } from './remote-source';
import { registerErrorReportRoutes } from './error-reports';
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
  registerErrorReportRoutes(app, access);
  registerHealthRoutes(app);

  // The host's boot call and the benches' cheap call: the answer never changes while the process
  // lives, so it is built once, not per request.
  const runtimeConfig = ok({
    hosts: { main: '', newspaper: config.newspaperHost, user: config.userHost, analytics: config.analyticsHost },
    appId: config.appId,
    appSecret: config.appSecret,
    customerServiceUrl: config.customerServiceUrl,
    env: { name: config.appEnv, production: config.appEnv === 'production' },
  });
  serve(app, contract.runtimeConfig, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  serve(app, contract.runtimeRemotes, async (_request, reply) => {
    // Read on every request: a remote built or released after start-up appears without a restart.
    reply.header('cache-control', 'no-cache');
    return ok({ remotes: await remoteSource.list() });
  });
};

export default runtime;
