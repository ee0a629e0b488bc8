/**
 * A per-address ceiling on every route, the 404 answers included: an attacker could otherwise search
 * for valid URLs (or tokens) as fast as the server answers. Login has its own, stricter per-account
 * throttle in the session feature.
 *
 * Under load, a request whose client has already given up (timed out, closed the connection) is
 * dropped before its database work and again before its handler: executing it would only delay the
 * requests still waited for (the concurrency bench showed live requests starved behind dead ones).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from 'shared-sdk/contract';
import { ApiError, MESSAGES } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';

/** Nobody reads this answer: the client is gone. 499 is the conventional "client closed request". */
const CLIENT_GONE = 499;

function clientGone(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true;
}

/**
 * The built front end (the host's and the remotes' files, the release manifests): public, immutable
 * and cheap, and one page load fetches about a hundred of them (antd is shared per component), so
 * counting them would lock out an office behind one address after a few pages. Never API routes and
 * never stored user files (/oss keys are what an attacker would search for).
 */
const FRONT_END_FILE = /^\/(?!api\/|login\/|admin\/|service\/|oss\/|operator\/)[^?#]*\.(js|css|json|png|svg|ico|woff2?|html|txt)(\?[^#]*)?$/;

export function isFrontEndFile(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && FRONT_END_FILE.test(request.url);
}

async function dropIfAbandoned(request: FastifyRequest): Promise<void> {
  if (clientGone(request)) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, '客户端已断开', CLIENT_GONE);
}

export default globalPlugin<{ perMinute: number }>(async (app, options) => {
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: '1 minute',
    allowList: (request) => isFrontEndFile(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: ApiCode.TOO_MANY_ATTEMPTS,
      msg: MESSAGES.TOO_MANY_REQUESTS,
      data: null,
    }),
  });
  app.addHook('preValidation', dropIfAbandoned);
  app.addHook('preHandler', dropIfAbandoned);
});
