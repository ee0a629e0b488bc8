/**
 * Which checks a route gets. The default follows the path, so a new feature under /api is signed
 * and needs a token unless it says otherwise (fail closed); a route overrides it with
 * `config: { auth: … }`.
 *
 * - 'signed+token': the main host's calls (spec §7): signature, then a valid session token.
 * - 'signed': signature only (login: the caller has no token yet).
 * - 'token': the user host's calls, authenticated by the token parameter alone.
 * - 'public': runtime configuration, static files.
 */
import type { FastifyRequest } from 'fastify';

export type AuthPolicy = 'signed+token' | 'signed' | 'token' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthPolicy;
  }
}

const PATH_DEFAULTS: ReadonlyArray<[prefix: string, policy: AuthPolicy]> = [
  ['/api/runtime/', 'public'],
  // The documentation page and its files (Swagger UI registers them; they cannot declare a policy).
  ['/api/docs', 'public'],
  ['/api/', 'signed+token'],
  ['/login/', 'signed+token'],
  ['/admin/', 'signed+token'],
  ['/service/', 'token'],
];

export function policyFor(request: FastifyRequest): AuthPolicy {
  // Unknown paths answer 404 whatever their prefix: asking for a signature first would tell a
  // caller nothing useful and hide the real problem.
  if (request.is404) return 'public';
  const declared = request.routeOptions.config.auth;
  if (declared) return declared;
  const pattern = request.routeOptions.url ?? '';
  return PATH_DEFAULTS.find(([prefix]) => pattern.startsWith(prefix))?.[1] ?? 'public';
}
