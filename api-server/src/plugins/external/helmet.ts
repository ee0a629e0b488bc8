/**
 * Security headers. The app's pages get a Content-Security-Policy allowing only the product's own
 * origin, the storage origins and the remotes' origins (content-security-policy.ts); the embedded
 * storage replaces it on its answers with a sandboxing one (storage/serving.ts). Resources may be
 * embedded cross-origin so a host on a CDN can load remotes.
 *
 * Helmet's middleware is built once, here: @fastify/helmet built it again for every request
 * (`helmet(options)` parses and validates every directive each time), which cost the list calls
 * about as much as reading their page from the database's answer.
 */
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { AppConfig } from '../../config';
import { globalPlugin } from '../../lib/global-plugin';
import { uploadOriginFor } from '../app/storage';
import { appContentSecurityPolicy } from './content-security-policy';

interface HelmetOptions extends Record<string, unknown> {
  config: AppConfig;
}

export default globalPlugin<HelmetOptions>(async (app, { config }) => {
  const directives: Record<string, Array<string | ((request: IncomingMessage) => string)>> = appContentSecurityPolicy(config);
  // The storage thread's origin is the page's host on STORAGE_PORT: named per request (uploads go there).
  if (config.storagePort !== null && !config.storagePublicOrigin && !config.ossBucket) {
    directives.connectSrc = [...(directives.connectSrc ?? []), (request) => uploadOriginFor(config, request.headers.host) ?? "'self'"];
  }
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet's middleware sets the headers on the raw response and calls back at once.
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
});
