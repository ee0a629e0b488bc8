/**
 * Cross-origin access to the storage thread's port (storage-thread.ts), which a page reaches from
 * another origin, as a browser reaches an OSS bucket: the rule a public-read bucket is given.
 * Any origin may call, because nothing here rides on cookies: every write carries its own
 * signature (authorize.ts) and every read is of a public object. The answers' ETag and request id
 * are exposed (the multipart client needs each part's ETag), and a preflight is answered at once.
 */
import { globalPlugin } from '../../lib/global-plugin';
import { OSS_PATH } from '../../plugins/app/storage';

const METHODS = 'GET, HEAD, PUT, POST, DELETE';
const EXPOSED = 'ETag, x-oss-request-id, Content-Range, Accept-Ranges, Content-Length';
const MAX_AGE_SECONDS = '600';
/** Header names as a preflight lists them: tokens separated by commas (anything else is not echoed). */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

// Global: its hook answers for the storage routes registered beside it.
export default globalPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers.origin) return;
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED);
  });
  app.options(`${OSS_PATH}/*`, async (request, reply) => {
    const asked = String(request.headers['access-control-request-headers'] ?? '').trim();
    reply.header('access-control-allow-methods', METHODS).header('access-control-max-age', MAX_AGE_SECONDS);
    if (HEADER_LIST.test(asked)) reply.header('access-control-allow-headers', asked);
    return reply.code(204).send();
  });
});
