/**
 * Migrations as their own step: two migrators started at once (two deploy jobs, or a job and an
 * operator) apply each migration once, and a database tells what it lacks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createScratchDatabase } from '../testing/test-database';
import { type DatabaseHandle, openDatabase } from './connect';
import { migrateToLatest, pendingMigrations, schemaBehindMessage } from './migrate';
import { migrations } from './migrations';

describe('migrations', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop = async () => {};

  before(async () => {
    // Two pools (two processes' worth of connections) on one fresh database; PGlite has one process.
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'creator_migrate') : { url: '', drop: async () => {} };
    drop = scratch.drop;
    first = await openDatabase({ databaseUrl: scratch.url });
    second = scratch.url ? await openDatabase({ databaseUrl: scratch.url }) : first;
  });
  after(async () => {
    if (second !== first) await second.close();
    await first.close();
    await drop();
  });

  it('names every migration a fresh database lacks, and the way out', async () => {
    const pending = await pendingMigrations(first.db);
    assert.deepEqual(pending, Object.keys(migrations).sort());
    assert.match(schemaBehindMessage(pending), /npm run migrate/);
  });

  it('two migrators at once apply each migration exactly once', async () => {
    const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
    const all = Object.keys(migrations).sort();
    // One of them did all the work under the lock; the other found nothing left (or the rest).
    assert.deepEqual([...a, ...b].sort(), all);
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(first.db);
    assert.equal(rows.rows.length, all.length);
    assert.deepEqual(await pendingMigrations(second.db), []);
  });
});
