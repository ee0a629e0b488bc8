import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type TestDatabase, openTestDatabase } from '../testing/test-database';
import { type AnyRows, COUNT_CAP, cappedCount, cappedCountAndPage, pageWindow } from './paging';

/** A newest-first list's page as pageWindow reads it: from whichever end it names, put back newest first. */
function readThroughWindow(list: readonly number[], page: number, size: number, exact: boolean): number[] {
  const window = pageWindow((page - 1) * size, size, exact ? list.length : null);
  if (!window.fromOldest) return list.slice(window.offset, window.offset + window.limit);
  const oldestFirst = [...list].reverse();
  return oldestFirst.slice(window.offset, window.offset + window.limit).reverse();
}

describe('paging', () => {
  it('reads every page, from either end, with the same rows in the same order as one long list', () => {
    for (const length of [0, 1, 7, 10, 23, 100, 101]) {
      const list = Array.from({ length }, (_, i) => length - i);
      for (const size of [1, 3, 10, 24]) {
        for (let page = 1; page <= Math.ceil(length / size) + 2; page += 1) {
          const expected = list.slice((page - 1) * size, page * size);
          assert.deepEqual(readThroughWindow(list, page, size, true), expected, `length ${length}, size ${size}, page ${page} (exact)`);
          assert.deepEqual(readThroughWindow(list, page, size, false), expected, `length ${length}, size ${size}, page ${page}`);
        }
      }
    }
  });

  it('reads a page past the middle from the oldest end only when the total is exact', () => {
    assert.equal(pageWindow(0, 10, 1_000_000).fromOldest, false);
    assert.deepEqual(pageWindow(999_990, 10, 1_000_000), { fromOldest: true, offset: 0, limit: 10 });
    assert.equal(pageWindow(999_990, 10, null).fromOldest, false);
  });

  describe('cappedCountAndPage', () => {
    let database: TestDatabase;
    before(async () => {
      database = await openTestDatabase();
    });
    after(async () => {
      await database.close();
    });

    // Rows id = 1..n, created a minute apart, id 1 the newest.
    const series = (n: number) =>
      database.db.selectFrom(sql`(select g as id, now() - make_interval(mins => g) as created_at from generate_series(1, ${n}) g)`.as('s')).selectAll() as unknown as AnyRows<{ id: number; created_at: Date }>;

    it('counts exactly below the cap, with the page newest first', async () => {
      assert.deepEqual(await cappedCountAndPage(database.db, series(0), 0, 10), { count: 0, ids: [] });
      assert.deepEqual(await cappedCountAndPage(database.db, series(37), 0, 10), { count: 37, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
      assert.deepEqual(await cappedCountAndPage(database.db, series(37), 30, 10), { count: 37, ids: [31, 32, 33, 34, 35, 36, 37] });
      assert.deepEqual(await cappedCountAndPage(database.db, series(37), 40, 10), { count: 37, ids: [] });
    });

    it('stops at COUNT_CAP, and leaves the page to a walk in order there', async () => {
      assert.deepEqual(await cappedCountAndPage(database.db, series(COUNT_CAP - 1), 0, 2), { count: COUNT_CAP - 1, ids: [1, 2] });
      assert.deepEqual(await cappedCountAndPage(database.db, series(COUNT_CAP), 0, 2), { count: COUNT_CAP, ids: null });
      assert.deepEqual(await cappedCountAndPage(database.db, series(COUNT_CAP + 5_000), 0, 2), { count: COUNT_CAP, ids: null });
    });

    it('counts alone the same way (cappedCount)', async () => {
      for (const n of [0, 37, COUNT_CAP, COUNT_CAP + 5_000]) assert.equal(await cappedCount(database.db, series(n)), Math.min(n, COUNT_CAP));
    });
  });
});
