/**
 * Which checks a route gets. The default follows the path, so a new feature under /api is signed
 * and needs a token unless it says otherwise (fail closed); a route overrides it with
 * `config: { auth: … }`.
 *
 * - 'signed+token': the main host's calls (docs/product.md §7): signature, then a valid session token.
 * - 'signed': signature only (login: the caller has no token yet).
 * - 'token': the user host's calls, authenticated by the token parameter alone.
 * - 'public': runtime configuration, static files.
 * - 'operator': the operators' calls (console and CLI): an operator session or personal token
 *   (plugins/app/operator-auth.ts), with the permission the call declares; never a creator's token.
 */
import type { FastifyRequest } from 'fastify';
import type { OperatorPermission } from 'shared-sdk/contract';

export type AuthPolicy = 'signed+token' | 'signed' | 'token' | 'public' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthPolicy;
    /** With auth 'operator': the permission the caller's role needs. */
    permission?: OperatorPermission;
  }
}

const PATH_DEFAULTS: ReadonlyArray<[prefix: string, policy: AuthPolicy]> = [
  ['/api/runtime/', 'public'],
  // Fail closed: an operator route that forgot its contract policy still needs an operator.
  ['/api/operator/', 'operator'],
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
