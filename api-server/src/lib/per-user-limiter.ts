/**
 * At most `max` uses per user in a sliding window. For calls that make the server do expensive work
 * for the caller (download an image, ask a paid AI provider), where the global per-address ceiling
 * is far too loose. Counted once across replicas in Redis when REDIS_URL is set (a sorted set of
 * use times per user, trimmed and counted in one script, so two replicas cannot both take the last
 * use); in this process otherwise, the embedded default.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type PerUserLimiter = (userId: number) => Promise<boolean>;

/**
 * The in-process window. Users who stop calling are swept out at most once per window, so the map
 * holds only the users of the last window, never everyone who ever called.
 */
export function memoryPerUserLimiter(max: number, windowMs = 60_000, now: () => number = Date.now): PerUserLimiter & { size: () => number } {
  const recent = new Map<number, number[]>();
  let sweptAt = now();
  const sweep = (t: number) => {
    if (t - sweptAt < windowMs) return;
    sweptAt = t;
    for (const [userId, times] of recent) {
      if (t - (times.at(-1) ?? 0) >= windowMs) recent.delete(userId);
    }
  };
  const allow = async (userId: number) => {
    const t = now();
    sweep(t);
    const kept = (recent.get(userId) ?? []).filter((at) => t - at < windowMs);
    const allowed = kept.length < max;
    if (allowed) kept.push(t);
    if (kept.length) recent.set(userId, kept);
    else recent.delete(userId);
    return allowed;
  };
  return Object.assign(allow, { size: () => recent.size });
}

// KEYS[1] the user's set; ARGV: now (ms), window (ms), max, a unique member for this use.
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * The shared window. Redis's own clock would be the same for every replica, but scripts may not read
 * it before writing on older servers; replicas' clocks are NTP-synced well within a window.
 * When Redis does not answer, this replica's own window decides meanwhile (logged by the caller's
 * onError): the limit is per replica for the outage, never gone.
 */
export function redisPerUserLimiter(redis: Redis, key: string, max: number, windowMs = 60_000, onError: (error: unknown) => void = () => {}): PerUserLimiter {
  const fallback = memoryPerUserLimiter(max, windowMs);
  return async (userId) => {
    try {
      const member = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      const allowed = await redis.eval(SLIDING_WINDOW, 1, `${key}:${userId}`, Date.now(), windowMs, max, member);
      return allowed === 1;
    } catch (error) {
      onError(error);
      return fallback(userId);
    }
  };
}
