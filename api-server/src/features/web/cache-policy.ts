/**
 * Cache headers for built files. Hashed files never change under their name, so browsers and CDNs
 * keep them for a year; the entry points (index.html, the MF manifest, routes.json, unhashed
 * remoteEntry.js) must be revalidated, or a new release would not reach anyone.
 */
import path from 'node:path';
import type { FastifyReply } from 'fastify';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const immutable = HASHED.test(path.basename(filePath));
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}
