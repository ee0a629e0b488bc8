/**
 * Authenticates the operators' calls (route policy 'operator', everything under /api/operator/ but
 * sign-in): the console's session cookie (`mf_operator`) or a personal token
 * (`Authorization: Bearer mfop_…`), looked up among operator credentials only, so a creator's token
 * gets nothing here and an operator's credential is no creator session anywhere else (the creator
 * auth hook reads only the `token` parameter, from the creators' sessions table). Then the call's
 * permission is checked against the operator's role, on every call, from the account as it is now
 * (a role change or a disabled account applies at the next call).
 *
 * A CI release token (`Bearer mfci_…`, features/releases/release-tokens.ts) passes only on the
 * release calls (permission 'release'); the release routes then check its remote and environment.
 *
 * No credential, or a dead one: -1 with HTTP 401. A role without the permission: 1003 with HTTP 403.
 */
import type { FastifyRequest } from 'fastify';
import { ApiCode } from 'shared-sdk/contract';
import { OPERATOR_SESSION_COOKIE, roleAllows } from 'shared-sdk/contract/operator-roles';
import { OPERATOR_MESSAGES, type OperatorActor, lookupCredential } from '../../features/operators/accounts';
import { isReleaseToken, lookupReleaseToken } from '../../features/releases/release-tokens';
import { ApiError } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';
import { policyFor } from './route-policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator behind an operator call; null elsewhere. */
    operator: OperatorActor | null;
  }
}

/** The value of one cookie of the request's Cookie header ('' when absent). */
export function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return '';
      }
    }
  }
  return '';
}

/** The credential a request carries: a bearer token first (the command line), else the console's cookie. */
export function operatorCredential(request: FastifyRequest): string {
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1]!;
  return cookieValue(request.headers.cookie, OPERATOR_SESSION_COOKIE);
}

export default globalPlugin(async (app) => {
  app.decorateRequest('operator', null);

  // onRequest, before any body is read: an upload (a newspaper's PDF) from a caller without the
  // right is refused before its bytes are taken.
  app.addHook('onRequest', async (request) => {
    if (policyFor(request) !== 'operator') return;
    const token = operatorCredential(request);
    // A CI release token (`mfci_…`) is a credential of its own table, good for the release calls only.
    const ci = isReleaseToken(token);
    const actor = !token ? null : ci ? await lookupReleaseToken(app.db, token, request.ip) : await lookupCredential(app.db, token, request.ip);
    if (!actor) throw new ApiError(ApiCode.TOKEN_EXPIRED, OPERATOR_MESSAGES.NOT_SIGNED_IN, 401);
    const permission = request.routeOptions.config.permission ?? 'admin';
    if (ci ? permission !== 'release' : !roleAllows(actor.role, permission)) {
      request.log.info({ operator: actor.name, role: actor.role, permission }, 'operator call refused: role');
      throw new ApiError(ApiCode.FORBIDDEN, OPERATOR_MESSAGES.ROLE_FORBIDDEN, 403);
    }
    request.operator = actor;
  });
});

/** The operator of a request on an operator route. */
export function requireOperator(request: { operator: OperatorActor | null }): OperatorActor {
  if (!request.operator) throw new Error('requireOperator() on a route that does not authenticate operators');
  return request.operator;
}
