/**
 * GetObject / HeadObject of the embedded storage: the object streamed from the store (never read
 * whole), one byte range of it on request (206), 304 for a cached copy, and the serving headers
 * that keep stored files from running as the app (storage/serving.ts, sniffing only its head).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectInfo, ObjectStore } from '../../storage/object-store';
import { servingHeaders } from '../../storage/serving';
import { isNotModified, rangeToServe } from './conditional';

const notFound = (reply: FastifyReply): FastifyReply =>
  reply.code(404).type('application/xml').send('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');

export async function sendObject(store: ObjectStore, request: FastifyRequest, reply: FastifyReply, key: string | null): Promise<FastifyReply> {
  const info: ObjectInfo | null = key === null ? null : await store.head(key).catch(() => null);
  if (!info) return notFound(reply);
  reply
    .header('etag', `"${info.etag}"`)
    .header('last-modified', info.lastModified.toUTCString())
    // Keys are never rewritten with other bytes (new content gets a new key).
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes');
  if (isNotModified(request.headers, info)) return reply.code(304).send();
  reply.headers(await servingHeaders(store, info));
  const answer = rangeToServe(request.headers, info);
  if (answer.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).header('content-length', '0').send();
  }
  const range = answer.kind === 'part' ? answer.range : null;
  if (request.method === 'HEAD') {
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    return reply.header('content-length', String(range ? range.end - range.start + 1 : info.size)).send();
  }
  // The object may have gone (or shrunk) since it was described: answer for what is read now.
  const object = await store.get(info.key, range ?? undefined).catch(() => null);
  if (!object) return notFound(reply);
  if (object.range) {
    reply.code(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  }
  const length = object.range ? object.range.end - object.range.start + 1 : object.size;
  return reply.header('content-length', String(length)).send(object.body);
}
