/** The per-user window: in this process (and it forgets idle users), or shared through Redis. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from '../testing/test-redis';
import { memoryPerUserLimiter, redisPerUserLimiter } from './per-user-limiter';

describe('per-user limiter in this process', () => {
  it('allows max uses per window and user, then again once the window has passed', async () => {
    let t = 0;
    const allow = memoryPerUserLimiter(2, 1_000, () => t);
    assert.deepEqual([await allow(1), await allow(1), await allow(1), await allow(2)], [true, true, false, true]);
    t = 1_000;
    assert.equal(await allow(1), true);
  });

  it('forgets users who stopped calling: the map holds one window of users, not everyone ever', async () => {
    let t = 0;
    const allow = memoryPerUserLimiter(5, 1_000, () => t);
    for (let user = 1; user <= 1_000; user++) await allow(user);
    assert.equal(allow.size(), 1_000);
    t = 2_000;
    await allow(5_000);
    assert.equal(allow.size(), 1);
  });
});

describe('per-user limiter shared through Redis', () => {
  const redis = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
  const key = `test:${randomBytes(6).toString('hex')}`;
  after(async () => {
    await redis[0]?.del(`${key}:7`, `${key}:8`);
    await Promise.all(redis.map((r) => r.quit()));
  });

  it('two replicas (two clients) share one window per user', async () => {
    const [a, b] = redis.map((r) => redisPerUserLimiter(r, key, 3, 60_000));
    assert.ok(a && b);
    // Ten uses at once, half on each replica: exactly three pass.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b)(7)));
    assert.equal(answers.filter(Boolean).length, 3);
    assert.equal(await b(8), true, 'another user has their own window');
  });

  it('counts in the replica when Redis does not answer, instead of failing the call', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    const errors: unknown[] = [];
    const allow = redisPerUserLimiter(down, key, 1, 60_000, (error) => errors.push(error));
    assert.deepEqual([await allow(9), await allow(9)], [true, false]);
    assert.equal(errors.length, 2);
    down.disconnect();
  });
});
