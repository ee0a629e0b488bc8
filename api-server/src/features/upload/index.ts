/**
 * GET /api/upload/tos/token (spec §7): storage credentials for the browser's direct uploads.
 * The embedded storage answers on the same origin under /oss, so `endpoint` is that path and the
 * browser resolves it against the page (shared-sdk/src/upload). Extra fields beyond spec §7:
 * `keyScope` (the key segment the credentials may write under) and `expiration`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { envelope, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { OSS_PATH } from '../../plugins/app/storage';
import { mintCredentials, scopeFor, uploadSecret, uploadTokenTtlMs } from './credentials';

const tokenSchema = objectOf({
  regionId: str,
  endpoint: str,
  accessKeyId: str,
  secretAccessKey: str,
  sessionToken: str,
  bucket: str,
  keyScope: str,
  expiration: str,
});

const upload: FastifyPluginAsync = async (app) => {
  app.get('/api/upload/tos/token', { schema: { response: { 200: envelope(tokenSchema) } } }, async (request, reply) => {
    const { user } = requireAuth(request);
    // Credentials must never be cached by a proxy or the browser.
    reply.header('cache-control', 'no-store');
    const credentials = mintCredentials(uploadSecret(), user.id, uploadTokenTtlMs());
    return ok({ regionId: 'embedded', endpoint: OSS_PATH, bucket: app.storage.bucket, keyScope: scopeFor(user.id), ...credentials });
  });
};

export default upload;
