import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { setUpTestDatabase } from '../testing/test-app';
import { type AnyRows, COUNT_AHEAD, COUNT_CAP, cappedCount, countLimit, pageWindow, searchPage } from './paging';

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

  describe('searchPage and cappedCount', () => {
    const harness = setUpTestDatabase();

    // Rows id = 1..n, created a minute apart, id 1 the newest.
    const series = (n: number) =>
      harness.database.db
        .selectFrom(sql`(select g as id, now() - make_interval(mins => g) as created_at from generate_series(1, ${n}) g)`.as('s'))
        .selectAll() as unknown as AnyRows<{
        id: number;
        created_at: Date;
      }>;
    /** The same search read both ways: from the "gram index" (unordered matches) and by a walk in order. */
    const both = async (n: number, offset: number, size: number) => {
      const [gin, walked] = await Promise.all(
        [false, true].map((walks) =>
          searchPage(
            harness.database.db,
            { gin: series(n), walk: series(n), plan: () => sql`(select '{}'::text[] as keys, ${sql.lit(walks)} as walk)` },
            offset,
            size,
          ),
        ),
      );
      assert.deepEqual(walked, gin, `${n} rows, offset ${offset}`);
      return gin;
    };
    const ids = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

    it('counts exactly below the count limit, with the page newest first', async () => {
      assert.deepEqual(await both(0, 0, 10), { total: { count: 0, capped: false }, ids: [] });
      assert.deepEqual(await both(37, 0, 10), { total: { count: 37, capped: false }, ids: ids(1, 10) });
      assert.deepEqual(await both(37, 30, 10), { total: { count: 37, capped: false }, ids: ids(31, 37) });
      assert.deepEqual(await both(37, 40, 10), { total: { count: 37, capped: false }, ids: [] });
      assert.deepEqual(await both(COUNT_AHEAD, 0, 2), { total: { count: COUNT_AHEAD, capped: false }, ids: [1, 2] });
    });

    it('stops counting COUNT_AHEAD matches past the page, and at COUNT_CAP, saying more exist', async () => {
      assert.deepEqual(await both(COUNT_AHEAD + 1, 0, 2), { total: { count: COUNT_AHEAD, capped: true }, ids: [1, 2] });
      assert.deepEqual(await both(5_000, 2_400, 24), { total: { count: 2_400 + COUNT_AHEAD, capped: true }, ids: ids(2_401, 2_424) });
      assert.deepEqual(await both(5_000, 4_500, 24), { total: { count: 5_000, capped: false }, ids: ids(4_501, 4_524) });
      assert.equal(countLimit(COUNT_CAP - 10), COUNT_CAP);
      assert.deepEqual(await both(COUNT_CAP + 5_000, COUNT_CAP - 10, 24), { total: { count: COUNT_CAP, capped: true }, ids: ids(COUNT_CAP - 9, COUNT_CAP) });
      assert.deepEqual(await both(COUNT_CAP + 5_000, COUNT_CAP, 24), { total: { count: COUNT_CAP, capped: true }, ids: [] });
    });

    it('reads the page in order when the gram index turns up more than COUNT_CAP matches', async () => {
      const search = { gin: series(COUNT_CAP + 50), walk: series(COUNT_CAP + 50), plan: () => sql`(select '{}'::text[] as keys, false as walk)` };
      assert.deepEqual(await searchPage(harness.database.db, search, 24, 24), { total: { count: 24 + COUNT_AHEAD, capped: true }, ids: ids(25, 48) });
    });

    it('finds page 1 by a walk when the gram index has more matches than the count reads, whatever order it returns them in', async () => {
      // The gram index returns matches unordered: here the oldest first, so the first COUNT_AHEAD + 1
      // it gives hold none of the newest page.
      const oldestFirst = harness.database.db
        .selectFrom(sql`(select g as id, now() - make_interval(mins => g) as created_at from generate_series(1, 5000) g order by g desc)`.as('s'))
        .selectAll() as unknown as AnyRows<{ id: number; created_at: Date }>;
      const search = { gin: oldestFirst, walk: series(5_000), plan: () => sql`(select '{}'::text[] as keys, false as walk)` };
      assert.deepEqual(await searchPage(harness.database.db, search, 0, 24), { total: { count: COUNT_AHEAD, capped: true }, ids: ids(1, 24) });
      assert.deepEqual(await searchPage(harness.database.db, search, 24, 24), { total: { count: 24 + COUNT_AHEAD, capped: true }, ids: ids(25, 48) });
    });

    it('counts alone the same way (cappedCount)', async () => {
      for (const n of [0, 37, COUNT_AHEAD, COUNT_AHEAD + 1])
        assert.deepEqual(await cappedCount(harness.database.db, series(n), COUNT_AHEAD), { count: Math.min(n, COUNT_AHEAD), capped: n > COUNT_AHEAD });
    });
  });
});
