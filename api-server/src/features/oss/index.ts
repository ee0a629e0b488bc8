/**
 * The embedded object storage's HTTP face: the subset of the OSS protocol a browser needs.
 * Reads are public (object names are unguessable hashes, as on a public-read bucket); writes are
 * signed with the short-lived credentials of /api/upload/tos/token (write-routes.ts, README.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { OSS_PATH } from '../../plugins/app/storage';
import writeRoutes from './write-routes';

const oss: FastifyPluginAsync = async (app) => {
  // Its own context: the raw-bytes body parser must not reach the API routes.
  await app.register(writeRoutes);
  app.get<{ Params: { bucket: string; '*': string } }>(`${OSS_PATH}/:bucket/*`, async (request, reply) => {
    const { bucket, '*': key } = request.params;
    const object = bucket === app.storage.bucket && key ? await app.storage.get(safeKey(key)).catch(() => null) : null;
    if (!object) {
      return reply.code(404).type('application/xml').send('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');
    }
    return reply
      .header('content-type', object.contentType)
      .header('etag', `"${object.etag}"`)
      .header('last-modified', object.lastModified.toUTCString())
      // Keys are never rewritten with other bytes (new content gets a new key).
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
};

function safeKey(raw: string): string {
  return raw.split('/').map(decodeURIComponent).join('/');
}

export default oss;
