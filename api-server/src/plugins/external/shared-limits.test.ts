/**
 * The limits of N replicas are one limit: two app instances on one database and one Redis count the
 * per-address limit, a route's own limit and the per-user limits together. Health probes are never
 * counted.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildTestApp, tempDir } from '../../testing/test-app';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';
import { TEST_REDIS_URL } from '../../testing/test-redis';

describe('limits shared across replicas (Redis)', () => {
  let database: TestDatabase;
  let replicas: FastifyInstance[];
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const dataDir = tempDir('creator-limits');

  before(async () => {
    database = await openTestDatabase();
    const config = { rateLimitPerMinute: 6, redisUrl: TEST_REDIS_URL, redisPrefix: prefix, dataDir: dataDir.dir };
    replicas = [await buildTestApp(database, config), await buildTestApp(database, config)];
  });
  after(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await Promise.all(replicas.map((app) => app.close()));
    await database.close();
    dataDir.remove();
  });

  it('one per-address limit across two replicas', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const app = replicas[i % 2] as FastifyInstance;
      statuses.push((await app.inject({ url: '/api/runtime/config', remoteAddress: '10.9.8.7' })).statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own count.
    assert.equal((await replicas[0]?.inject({ url: '/api/runtime/config', remoteAddress: '10.9.8.8' }))?.statusCode, 200);
  });

  it('never counts or refuses the health probes', async () => {
    for (let i = 0; i < 10; i++) {
      const app = replicas[i % 2] as FastifyInstance;
      assert.equal((await app.inject({ url: '/healthz', remoteAddress: '10.9.8.9' })).statusCode, 200);
    }
    assert.equal((await replicas[1]?.inject({ url: '/readyz', remoteAddress: '10.9.8.9' }))?.statusCode, 200);
    assert.equal((await replicas[0]?.inject({ url: '/api/runtime/config', remoteAddress: '10.9.8.9' }))?.statusCode, 200);
  });

  it('one per-user limit across two replicas', async () => {
    const [a, b] = replicas.map((app) => app.perUserLimiter('test-call', 2));
    assert.ok(a && b);
    assert.deepEqual([await a(42), await b(42), await a(42), await b(43)], [true, true, false, true]);
  });
});
