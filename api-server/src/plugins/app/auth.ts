/**
 * Resolves the `token` parameter of every call that needs one to its session and user, and refuses
 * (code -1, spec §8: the client then sends the user to login) when it is missing, unknown, revoked
 * or expired. Registered after the signature check, so an unsigned call never reaches the database.
 */
import { globalPlugin } from '../../lib/global-plugin';
import { tokenExpired } from '../../lib/api-error';
import { requestParams, stringParam } from '../../lib/params';
import { policyFor } from './route-policy';
import { type Session, findActiveSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; null on routes that need no token. */
    auth: Session | null;
  }
}

export default globalPlugin(async (app) => {
  app.decorateRequest('auth', null);

  app.addHook('preValidation', async (request) => {
    const policy = policyFor(request);
    if (policy !== 'token' && policy !== 'signed+token') return;
    const token = stringParam(requestParams(request), 'token');
    const session = token ? await findActiveSession(app.db, token) : null;
    if (!session) throw tokenExpired();
    request.auth = session;
  });
});

/** The caller's session on a route that required one; a route without the hook is a programming error. */
export function requireAuth(request: { auth: Session | null }): Session {
  if (!request.auth) throw new Error('requireAuth() on a route that does not authenticate');
  return request.auth;
}
