/**
 * Cache headers for built files. Hashed files never change under their name, so browsers and CDNs
 * keep them for a year; the entry points (index.html, the MF manifest, routes.json, unhashed
 * remoteEntry.js) must be revalidated, or a new release would not reach anyone. Source maps are built
 * (hidden: the code does not name them) for error reports, but never served.
 */
import path from 'node:path';
import type { FastifyReply } from 'fastify';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  // The precompressed twin (main.1a2b3c4d.js.br) is cached like the file it stands for.
  const immutable = HASHED.test(path.basename(filePath).replace(/\.(?:br|gz)$/, ''));
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Source maps stay on the server: they would hand out the original sources. */
export function isPublicFile(pathname: string): boolean {
  return !/\.map(?:\.(?:br|gz))?$/i.test(pathname);
}

/** The build writes .br/.gz twins of these (build-tools' PrecompressPlugin). */
export const COMPRESSIBLE_FILE = /\.(?:m?js|css|html|json|svg|txt)$/i;
