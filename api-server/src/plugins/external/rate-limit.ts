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
import { Redis } from 'ioredis';
import { ApiCode } from 'shared-sdk/contract';
import { ApiError, MESSAGES } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';
import { memoryPerUserLimiter, type PerUserLimiter, redisPerUserLimiter } from '../../lib/per-user-limiter';
import { HEALTH_PATHS } from '../../features/runtime/health';

declare module 'fastify' {
  interface FastifyInstance {
    /** A per-user limit on one kind of call (`name`), counted where the rate limit is (Redis or this process). */
    perUserLimiter(name: string, max: number, windowMs?: number): PerUserLimiter;
  }
}

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

/** The health probes come from balancers every few seconds: never counted, never refused. */
const isProbe = (request: Pick<FastifyRequest, 'url'>): boolean => HEALTH_PATHS.has(request.url.split('?')[0] ?? '');

interface RateLimitOptions extends Record<string, unknown> {
  perMinute: number;
  /** REDIS_URL: count across replicas; empty = in this process (the embedded default). */
  redisUrl: string;
  redisPrefix: string;
}

/**
 * Redis, not PostgreSQL, holds the shared counters: a count is one round trip to a script in memory
 * (no row lock, no WAL write, no vacuum of a hot row), it expires by itself, and an outage of it
 * costs the limits, not the product: limits are skipped (global) or counted per replica (per user).
 */
function openRedis(url: string, log: { warn: (obj: object, msg: string) => void }): Redis {
  // Fail fast: a request must never wait on a reconnecting Redis (ioredis's defaults queue and retry).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 1_000, commandTimeout: 1_000 });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) log.warn({ err: error.message }, 'Redis (shared rate limits) is unreachable; limits are not shared until it is back');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/** Waits (briefly) for the first connection: without an offline queue, commands sent before it fail. */
async function connected(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
  });
}

export default globalPlugin<RateLimitOptions>(async (app, options) => {
  const redis = options.redisUrl ? openRedis(options.redisUrl, app.log) : null;
  if (redis) await connected(redis);
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  app.decorate('perUserLimiter', (name: string, max: number, windowMs = 60_000) =>
    redis
      ? redisPerUserLimiter(redis, `${options.redisPrefix}user-limit:${name}`, max, windowMs, (error) =>
          app.log.warn(
            { err: error instanceof Error ? error.message : String(error), limit: name },
            'per-user limit counted in this replica: Redis did not answer',
          ),
        )
      : memoryPerUserLimiter(max, windowMs),
  );
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `${options.redisPrefix}rate-limit:`, skipOnError: true } : {}),
    allowList: (request) => isFrontEndFile(request) || isProbe(request),
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
