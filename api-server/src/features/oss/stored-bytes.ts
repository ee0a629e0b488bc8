/** What an answered request added to the embedded storage, for /metrics (plugins/app/metrics.ts), on the API's thread and the storage thread alike. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The stored-bytes count of an upload request's answer: a 200 to a PUT under /oss/ (a part or an object). */
export function storedUploadBytes(request: FastifyRequest, reply: FastifyReply): number {
  if (request.method !== 'PUT' || reply.statusCode !== 200 || !request.url.startsWith('/oss/')) return 0;
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}
