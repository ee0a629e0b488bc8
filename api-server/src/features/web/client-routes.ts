/**
 * Which unknown paths are the host's client-side routes (answered with index.html) and which are
 * server paths (answered with a JSON 404, never the page: a missing API must fail loudly).
 */
import type { FastifyRequest } from 'fastify';

const SERVER_PREFIXES = ['/api', '/login/admin', '/service', '/admin', '/remotes'];

export function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (isServerPath(pathname)) return false;
  // A path with an extension is a file (a missing chunk must 404, not turn into HTML).
  return !/\.[^/]+$/.test(pathname);
}
