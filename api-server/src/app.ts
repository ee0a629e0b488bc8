/**
 * Builds the server: external plugins (security headers, form bodies, rate limit), then the app's
 * own (database, error policy, signature, auth), then the features of features/index.ts. Does not
 * migrate or listen: main.ts and the tests decide that.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase, pgliteDirFor } from './db/connect';
import { features } from './features';
import { loggerOptions } from './lib/log-redaction';
import { OneLineRequestLog, stdoutLog } from './lib/request-log';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id';
import { buildRemoteSource, devServerRemoteSource, type RemoteSource } from './features/runtime/remote-source';
import authPlugin from './plugins/app/auth';
import dbPlugin from './plugins/app/db';
import errorHandler from './plugins/app/error-handler';
import inputGuard from './plugins/app/input-guard';
import metrics from './plugins/app/metrics';
import openapi from './plugins/app/openapi';
import operatorAuth from './plugins/app/operator-auth';
import signaturePlugin from './plugins/app/signature';
import storagePlugin, { objectStoreFor } from './plugins/app/storage';
import formbody from './plugins/external/formbody';
import helmet from './plugins/external/helmet';
import rateLimit from './plugins/external/rate-limit';
import type { ObjectStore } from './storage/object-store';

export interface AppDependencies {
  /** An open database to use instead of opening the configured one; its owner closes it. */
  database?: DatabaseHandle;
  /** Replaces the remotes list taken from the builds (or dev servers). */
  remoteSource?: RemoteSource;
  logger?: boolean;
  /** Where log lines go instead of stdout (the tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the configured object store (the embedded one, or the OSS bucket of OSS_BUCKET). */
  storage?: ObjectStore;
}

export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Node's stdout, not pino's default destination (lib/request-log.ts: stdoutLog).
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream ?? stdoutLog),
    // One line per request, written when it is answered (lib/request-log.ts).
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(helmet, { config });
  await app.register(formbody);
  await app.register(rateLimit, { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });

  const database = deps.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }));
  await app.register(dbPlugin, { config, database, closeOnShutdown: !deps.database });
  await app.register(storagePlugin, { store: deps.storage ?? objectStoreFor(config) });
  await app.register(metrics);
  await app.register(errorHandler);
  await app.register(signaturePlugin);
  await app.register(authPlugin);
  await app.register(operatorAuth);
  await app.register(inputGuard);
  await app.register(openapi);

  const remoteSource = deps.remoteSource ?? (config.mfDevServers ? devServerRemoteSource(app.log) : buildRemoteSource(config.webRoot, app.log));
  for (const feature of features) {
    await app.register(feature, { remoteSource });
  }
  return app;
}
