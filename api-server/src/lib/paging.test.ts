import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type TestDatabase, openTestDatabase } from '../testing/test-database';
import { type AnyRows, COUNT_CAP, cappedCount, pageWindow } from './paging';

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

  describe('cappedCount', () => {
    let database: TestDatabase;
    before(async () => {
      database = await openTestDatabase();
    });
    after(async () => {
      await database.close();
    });

    const series = (n: number) => database.db.selectFrom(sql`generate_series(1, ${n})`.as('g')) as unknown as AnyRows<object>;

    it('counts exactly below the cap and stops at COUNT_CAP above it', async () => {
      assert.equal(await cappedCount(database.db, series(0)), 0);
      assert.equal(await cappedCount(database.db, series(37)), 37);
      assert.equal(await cappedCount(database.db, series(COUNT_CAP)), COUNT_CAP);
      assert.equal(await cappedCount(database.db, series(COUNT_CAP + 5_000)), COUNT_CAP);
    });
  });
});
