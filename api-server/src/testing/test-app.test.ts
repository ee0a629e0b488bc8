/** The shared test set-up: what a test file sees of setUpTestApp and setUpTestDatabase. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { RuntimeConfig } from 'shared-sdk/contract';
import { PGLITE_START, openDatabase } from '../db/connect';
import { migrateToLatest, pendingMigrations } from '../db/migrate';
import { migrations } from '../db/migrations';
import type { Database } from '../db/schema';
import { seedDemoData } from '../seed';
import { body } from './signed';
import { setUpTestApp, setUpTestDatabase, tempDir } from './test-app';
import { openMigratedPglite, pgliteTemplateFile, pgliteTemplateInputs } from './test-database';

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

/** Rows in each table of the public schema, by table name. */
async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = result.rows[0]?.n ?? -1;
  }
  return counts;
}

describe('the migrated PGlite template', () => {
  it('opens a database with every migration applied and no rows, which seeds as a new one does', async () => {
    const fresh = await openDatabase({ databaseUrl: '' });
    let applied: string[];
    let seededFresh: Record<string, number>;
    try {
      applied = await migrateToLatest(fresh.db);
      await seedDemoData(fresh.db);
      seededFresh = await rowCounts(fresh.db);
    } finally {
      await fresh.close();
    }
    assert.deepEqual(applied, Object.keys(migrations));

    const database = await openMigratedPglite();
    try {
      assert.ok(existsSync(pgliteTemplateFile()), 'the template is saved under its name');
      const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      assert.deepEqual(
        executed.rows.map((row) => row.name),
        applied,
      );
      assert.deepEqual(await pendingMigrations(database.db), []);
      assert.deepEqual(await migrateToLatest(database.db), [], 'nothing left to migrate');
      const empty = await rowCounts(database.db);
      assert.deepEqual(Object.keys(empty), Object.keys(seededFresh), 'the same tables');
      assert.deepEqual(
        Object.entries(empty).filter(([name, n]) => n > 0 && name !== 'kysely_migration' && name !== 'kysely_migration_lock'),
        [],
        'the template holds no seed',
      );
      assert.ok((await seedDemoData(database.db)).length > 0, 'the demo accounts are created');
      assert.deepEqual(await rowCounts(database.db), seededFresh, 'the same rows as a new database seeded');
    } finally {
      await database.close();
    }
  });

  it('names its file in the temporary folder after the migrations, the PGlite version and the start settings', () => {
    const inputs = pgliteTemplateInputs();
    const file = pgliteTemplateFile(inputs);
    assert.equal(path.dirname(file), tmpdir());
    assert.equal(pgliteTemplateFile(pgliteTemplateInputs()), file, 'the same inputs, the same name');
    for (const name of Object.keys(migrations)) assert.ok(`migrations/${name}.ts` in inputs.sources, `${name} is hashed`);
    assert.match(inputs.pgliteVersion, /^\d+\.\d+\.\d+/);
    const core = inputs.sources['migrations/0001_core.ts'] ?? '';
    const changed = [
      { ...inputs, sources: { ...inputs.sources, 'migrations/0001_core.ts': `${core}\n// changed` } },
      { ...inputs, sources: { ...inputs.sources, 'migrations/9999_next.ts': 'export {};' } },
      { ...inputs, sources: { ...inputs.sources, 'migrate.ts': `${inputs.sources['migrate.ts']}\n` } },
      { ...inputs, pgliteVersion: `${inputs.pgliteVersion}-next` },
      { ...inputs, start: { ...PGLITE_START, startParams: ['-c', 'shared_buffers=64MB'] } },
    ];
    const names = new Set([file, ...changed.map((other) => pgliteTemplateFile(other))]);
    assert.equal(names.size, changed.length + 1, 'each change, a new name');
  });
});
