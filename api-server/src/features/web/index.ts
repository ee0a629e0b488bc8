/**
 * Serves the host's build at / (with the SPA fallback for its client routes) and each remote's build
 * at /remotes/<folder>/, and answers every other unknown path with a JSON 404. Files go out as their
 * precompressed .br/.gz twins when the browser accepts them (the build writes both), API JSON is
 * compressed on the fly above a size, and source maps are never served.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ApiCode, fail } from 'shared-sdk/contract';
import { MESSAGES } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';
import { REMOTES } from '../runtime/catalogue';
import { isPublicFile, setCacheHeaders } from './cache-policy';
import { addJsonCompression } from './compress-json';
import { isClientRoute, isServerPath } from './client-routes';

export default globalPlugin(async (app) => {
  const hostDist = path.join(app.config.webRoot, 'host-shell', 'dist');
  addJsonCompression(app);
  const delivery = { preCompressed: true, allowedPath: isPublicFile, setHeaders: setCacheHeaders };

  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    ...delivery,
    // A missing build is reported once, below, rather than as a warning per registration.
    suppressWarning: true,
  });
  for (const remote of REMOTES) {
    await app.register(fastifyStatic, {
      root: path.join(app.config.webRoot, remote.folder, 'dist'),
      prefix: `/remotes/${remote.folder}/`,
      decorateReply: false,
      ...delivery,
      suppressWarning: true,
    });
  }
  if (!existsSync(path.join(hostDist, 'index.html'))) app.log.warn(`host-shell is not built (${hostDist}): only the API is served`);

  // Rate-limited like every route: an attacker could otherwise probe for valid URLs at full speed.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    if (isClientRoute(request) && existsSync(path.join(hostDist, 'index.html'))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', hostDist);
    }
    const msg = isServerPath(request.url) ? MESSAGES.NOT_FOUND : '页面不存在';
    return reply.code(404).send(fail(ApiCode.NOT_FOUND, msg));
  });
});
