import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from './connect';
import { PGLITE_SLICE_MS } from './pglite-dialect';

/** Hardening: queries queued by many requests must not hold the event loop until all are done. */
describe('PGlite dialect under a burst of queries', () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await openDatabase({ databaseUrl: '' });
  });
  after(async () => {
    await database.close();
  });

  it('lets timers and sockets run between slices of queued queries, and answers every query in order', async () => {
    const done: number[] = [];
    const queries = Array.from({ length: 400 }, (_, n) =>
      sql<{ n: number }>`select ${n}::int as n, pg_sleep(0)`.execute(database.db).then((result) => {
        done.push(result.rows[0]?.n ?? -1);
      }),
    );
    // A timer due now stands for a socket waiting to be read: it must fire while the burst goes on.
    const whenTimerFired = new Promise<number>((resolve) => setTimeout(() => resolve(done.length), 0));
    const started = performance.now();
    await Promise.all(queries);
    const elapsed = performance.now() - started;
    const firedAfter = await whenTimerFired;
    assert.deepEqual(
      done,
      Array.from({ length: 400 }, (_, n) => n),
      'first come, first served',
    );
    if (elapsed > 4 * PGLITE_SLICE_MS) assert.ok(firedAfter < 400, `the timer waited for all ${firedAfter} queries (${elapsed.toFixed(0)} ms)`);
  });

  it('keeps a small buffer pool: the embedded database never returns its memory to the system', async () => {
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(database.db);
    assert.equal(rows[0]?.shared_buffers, '32MB');
  });
});
