/**
 * N replicas check the daily build at day change at once: one builds, the others see it built, and
 * nobody fails on creator_rank's primary key. The operator's command waits for a build in progress.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../db/connect';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';
import { scoreDaily } from './daily-job';
import { runDailyIfDue } from './daily-runner';
import { makeCreator, noonOf, publish } from './testing';

const DAY = '2032-03-10';

describe('the daily build across replicas', () => {
  let database: TestDatabase;
  let other: DatabaseHandle;

  before(async () => {
    database = await openTestDatabase();
    // A second pool on the same database: another replica's connections (PGlite: the same process).
    other = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    for (let i = 0; i < 3; i++) {
      const userId = await makeCreator(database.db, `1397700000${i}`);
      await publish(database.db, userId, DAY);
    }
  });
  after(async () => {
    if (other !== database) await other.close();
    await database.close();
  });

  it('run by four replicas at once, builds the day once', async () => {
    const engine = database.engine;
    const runs = await Promise.all([database, other, database, other].map((handle) => runDailyIfDue(handle.db, noonOf(DAY), engine)));
    assert.equal(runs.filter(Boolean).length, 1, `exactly one build, got ${JSON.stringify(runs)}`);
    const days = await sql<{ day: string; n: number }>`select day, count(*)::int as n from creator_rank group by day`.execute(database.db);
    assert.deepEqual(
      days.rows.map((r) => r.day),
      [DAY],
    );
    assert.ok((days.rows[0]?.n ?? 0) > 0);
    assert.equal(await runDailyIfDue(other.db, noonOf(DAY), engine), false, 'a later check finds it built');
  });

  it("the operator's rebuild beside a replica's check waits instead of colliding", async () => {
    const next = '2032-03-11';
    const [line, ran] = await Promise.all([
      scoreDaily(database.db, next, noonOf(next), database.engine),
      runDailyIfDue(other.db, noonOf(next), database.engine),
    ]);
    assert.match(line, /rank lists rebuilt/);
    assert.equal(typeof ran, 'boolean');
    const days = await sql<{ day: string }>`select distinct day from creator_rank`.execute(database.db);
    assert.deepEqual(
      days.rows.map((r) => r.day),
      [next],
    );
  });
});
