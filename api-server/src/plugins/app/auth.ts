/**
 * Resolves the `token` parameter of every call that needs one to its session and user, and refuses
 * (code -1, docs/product.md §8: the client then sends the user to login) when it is missing, unknown, revoked
 * or expired, or when its user is under a forced-logout ban (type 2), checked on every request so a
 * ban applies at once however it was written. Registered after the signature check, so an unsigned
 * call never reaches the database.
 * One exception: a route with `config: { readsForcedLogout: true }` (the ban-info call of the
 * shell's start-up check) still answers a banned user's old token, revoked or not, so the shell can
 * show the reason of the ban on its login page; it only ever tells the token holder that reason.
 */
import { ApiCode } from 'shared-sdk/contract';
import { forcedLogoutMessage } from '../../features/bans/forced-logout';
import { ApiError, tokenExpired } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';
import { requestParams, stringParam } from '../../lib/params';
import { policyFor } from './route-policy';
import { type Session, lookupSession, takeLookup } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; null on routes that need no token. */
    auth: Session | null;
  }
  interface FastifyContextConfig {
    /** The route answers the token of a user under a forced-logout ban (see above). */
    readsForcedLogout?: boolean;
  }
}

export default globalPlugin(async (app) => {
  app.decorateRequest('auth', null);

  app.addHook('preValidation', async (request) => {
    const policy = policyFor(request);
    if (policy !== 'token' && policy !== 'signed+token') return;
    const token = stringParam(requestParams(request), 'token');
    // A signed call's session was read with its nonce claim (signature.ts); others are read here.
    const early = takeLookup(request);
    const found = early !== undefined ? early : token ? await lookupSession(app.db, token) : null;
    if (!found) throw tokenExpired();
    if (found.forcedLogout) {
      if (!request.routeOptions.config.readsForcedLogout) {
        request.log.info({ userId: found.user.id }, 'call refused: forced-logout ban');
        throw new ApiError(ApiCode.TOKEN_EXPIRED, forcedLogoutMessage(found.forcedLogout.reason));
      }
    } else if (found.revoked) {
      throw tokenExpired();
    }
    request.auth = { sessionId: found.sessionId, user: found.user };
  });
});

/** The caller's session on a route that required one; a route without the hook is a programming error. */
export function requireAuth(request: { auth: Session | null }): Session {
  if (!request.auth) throw new Error('requireAuth() on a route that does not authenticate');
  return request.auth;
}
