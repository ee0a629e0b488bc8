/**
 * The release API under /api/operator/releases/ (release-api.ts; what users see of each version in
 * release-health.ts; CI tokens and release scopes in release-token-routes.ts), and the release files:
 *
 * Serves published releases at /releases/<remote>/<version>/<file> from the release store. A release
 * never changes once published, so every file is cacheable for a year. Only `<remote>/<version>/…`
 * of a known remote is reachable: the store's manifests/ and stats/ stay private.
 */
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { isPublicFile } from '../web/cache-policy';
import { readNegotiated } from '../web/negotiated-blob';
import { removeUpload, uploadParser } from '../../lib/contract-route';
import { warnIncompatibleReleases } from './host-compat';
import { isKnownRemote, releaseAccess } from './release-access';
import { registerReleaseApi } from './release-api';
import { registerReleaseHealth } from './release-health';
import { registerReleaseTokenRoutes } from './release-token-routes';
import { startStepPlans } from './step-plans';

const SEGMENT = /^[A-Za-z0-9_.@-]+$/;

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface FileParams {
  remote: string;
  version: string;
  '*': string;
}

const releases: FastifyPluginAsync = async (app) => {
  const { store } = releaseAccess(app);

  // The upload's body: a build's tar.gz, streamed to a temporary file, removed after the answer.
  app.addContentTypeParser('application/gzip', uploadParser);
  app.addHook('onResponse', removeUpload);
  registerReleaseApi(app);
  registerReleaseHealth(app);
  registerReleaseTokenRoutes(app);

  // A host that cannot run a released remote version is named in the log before the first request;
  // a store slow to answer (a bucket) holds the start-up back 5 s at most, the check then finishes on its own.
  app.addHook('onReady', async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([warnIncompatibleReleases(app), new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
  });

  // Step plans advance (and watch windows end) on this check; tests call runStepPlans themselves.
  const interval = app.config.releaseStepCheckMs;
  if (interval > 0) {
    let runner: ReturnType<typeof startStepPlans> | null = null;
    app.addHook('onReady', async () => {
      runner = startStepPlans(app, releaseAccess(app), interval);
    });
    app.addHook('onClose', async () => {
      await runner?.stop();
    });
  }

  app.get<{ Params: FileParams }>('/releases/:remote/:version/*', { config: { auth: 'public' } }, async (request, reply) => {
    const { remote, version } = request.params;
    const file = request.params['*'];
    const parts = file.split('/');
    const valid =
      isKnownRemote(remote) &&
      SEGMENT.test(version) &&
      version !== '.' &&
      version !== '..' &&
      parts.every((part) => SEGMENT.test(part) && part !== '.' && part !== '..');
    // Brotli/gzip twins by Accept-Encoding; source maps are kept in the store but never served.
    const found =
      valid && isPublicFile(file)
        ? await readNegotiated((key) => store.blobs.get(key), `${remote}/${version}/${file}`, request.headers['accept-encoding'])
        : null;
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not Found');
    if (found.varies) reply.header('vary', 'accept-encoding');
    if (found.encoding) reply.header('content-encoding', found.encoding);
    return reply
      .type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(found.body);
  });
};

export default releases;
