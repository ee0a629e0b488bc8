/**
 * A per-address ceiling on every route, the 404 answers included: an attacker could otherwise search
 * for valid URLs (or tokens) as fast as the server answers. Login has its own, stricter per-account
 * throttle in the session feature.
 */
import rateLimit from '@fastify/rate-limit';
import { ApiCode } from 'shared-sdk/contract';
import { MESSAGES } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';

export default globalPlugin<{ perMinute: number }>(async (app, options) => {
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: ApiCode.TOO_MANY_ATTEMPTS,
      msg: MESSAGES.TOO_MANY_REQUESTS,
      data: null,
    }),
  });
});
