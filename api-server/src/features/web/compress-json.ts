/**
 * Compresses the JSON answers of the API above a size, by Accept-Encoding. Only the server paths
 * (/api, /service, /admin, /login/admin): static files are sent precompressed by their own
 * negotiation, and the storage (/oss) serves bytes as stored, ranges included.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { isServerPath } from './client-routes';
import { acceptedEncodings, varyOnEncoding } from './encoding';

/** Below this a compressed answer saves less than its own framing costs. */
export const COMPRESS_MIN_BYTES = 1024;

export function addJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!isServerPath(request.url) || request.url.startsWith('/remotes/')) return payload;
    if (!/^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.getHeader('content-encoding') || reply.statusCode === 206) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    const [encoding] = acceptedEncodings(request.headers['accept-encoding']);
    if (!encoding) return payload;
    // Quality 4 (brotli) and level 6 (gzip): fast enough to do per request, most of the gain.
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
