/** The shared test set-up: what a test file sees of setUpTestApp and setUpTestDatabase. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RuntimeConfig } from 'shared-sdk/contract';
import { body } from './signed';
import { setUpTestApp, setUpTestDatabase, tempDir } from './test-app';

const errorOf = (read: () => unknown): Error | undefined => {
  try {
    read();
    return undefined;
  } catch (error) {
    return error as Error;
  }
};

describe('setUpTestApp', () => {
  const data = tempDir('test-app-harness');
  const steps: string[] = [];
  let serviceUrl = '';
  // A hook registered earlier runs first: the overrides read what it made.
  before(() => {
    serviceUrl = 'https://kf.example/set-up-time';
  });
  const harness = setUpTestApp({
    overrides: () => ({ dataDir: data.dir, customerServiceUrl: serviceUrl }),
    beforeReady: (app) => app.get('/test-only', { config: { auth: 'public' } }, async () => ({ served: 'before ready' })),
    prepare: () => void steps.push('prepared'),
    cleanUp: [data.remove, () => steps.push('first clean-up')],
  });
  let other: FastifyInstance | undefined;
  harness.cleanUp(() => steps.push('second clean-up'));
  const early = { app: errorOf(() => harness.app), database: errorOf(() => harness.database) };
  before(() => void steps.push(`later before sees the app: ${typeof harness.app.inject}`));
  // A hook registered later runs after the harness's tear-down.
  after(async () => {
    assert.deepEqual(steps, ['prepared', 'later before sees the app: function', 'first clean-up', 'second clean-up']);
    assert.equal(existsSync(data.dir), false);
    await assert.rejects(sql`select 1`.execute(harness.database.db));
    await assert.rejects(harness.app.inject({ url: '/healthz' }));
    await assert.rejects(other?.inject({ url: '/healthz' }) ?? Promise.resolve(), 'the other app is closed too');
  });

  it('refuses, with a clear message, to hand out the app or the database before its set-up ran', () => {
    assert.match(String(early.app?.message), /The test app is not set up: read it in a test or a hook/);
    assert.match(String(early.database?.message), /The test database is not set up/);
  });

  it('builds the app on the seeded test database, with overrides computed at set-up time', async () => {
    assert.equal((await harness.app.inject({ url: '/healthz' })).statusCode, 200);
    const config = body<RuntimeConfig>(await harness.app.inject({ url: '/api/runtime/config', headers: { accept: 'application/json' } }));
    assert.equal(config.data.customerServiceUrl, 'https://kf.example/set-up-time');
    const users = await harness.database.db.selectFrom('users').select('id').execute();
    assert.ok(users.length > 0, 'the demo data is seeded');
  });

  it('serves what beforeReady added', async () => {
    assert.deepEqual((await harness.app.inject({ url: '/test-only' })).json(), { served: 'before ready' });
  });

  it('builds another app on the same database, which logs to a logStream it is given', async () => {
    const lines: string[] = [];
    other = await harness.buildApp({ dataDir: data.dir, logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    assert.equal((await other.inject({ url: '/api/runtime/config', headers: { accept: 'application/json' } })).statusCode, 200);
    assert.ok(lines.some((line) => (JSON.parse(line) as { msg?: string }).msg === 'request completed'));
    assert.notEqual(other, harness.app);
    const [seen] = await other.db.selectFrom('users').select('id').orderBy('id').limit(1).execute();
    const [own] = await harness.database.db.selectFrom('users').select('id').orderBy('id').limit(1).execute();
    assert.deepEqual(seen, own, 'the same database');
  });
});

describe('setUpTestDatabase', () => {
  const harness = setUpTestDatabase();

  it('opens the seeded test database, without an app', async () => {
    assert.ok((await harness.database.db.selectFrom('users').select('id').execute()).length > 0);
  });
});
