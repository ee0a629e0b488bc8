/**
 * Search and lists at a million rows, as users load a server: the count that stops early, the walk
 * a common keyword takes instead of its gram index, and the deep page that seeks by day counters
 * (lib/paging.ts, migration 0140) answer exactly what a plain query over the table answers (ILIKE,
 * ORDER BY, OFFSET), on a seeded set; and each class of query reads the index meant for it.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { containsPattern } from '../../lib/keyword';
import { COUNT_AHEAD, COUNT_CAP } from '../../lib/paging';
import { indexesOf, indexesRead, plansOf, scansOf } from '../../testing/explain';
import { setUpTestDatabase } from '../../testing/test-app';
import { type ListFilters, listMaterials } from './list-query';

const ROWS = 12_000;

describe('material search walks, capped totals and day seeks', () => {
  const harness = setUpTestDatabase();
  let me = 0;
  const filters = (patch: Partial<ListFilters>): ListFilters => ({
    userId: me,
    all: false,
    cmType: 2,
    keyword: '',
    start: null,
    end: null,
    cmCheck: 0,
    page: 1,
    perPage: 24,
    ...patch,
  });

  /** What a plain query over the table answers: every match, newest first. */
  async function truth(f: ListFilters): Promise<number[]> {
    let query = harness.database.db.selectFrom('materials').select('id').where('deleted_at', 'is', null).where('cm_type', '=', f.cmType);
    query = f.all ? query.where('cm_check', '=', 2) : query.where('owner_id', '=', me);
    if (!f.all && f.cmCheck) query = query.where('cm_check', '=', f.cmCheck);
    if (f.keyword) query = query.where('title', 'ilike', containsPattern(f.keyword));
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((row) => row.id);
  }

  async function assertSame(f: ListFilters): Promise<void> {
    const all = await truth(f);
    const offset = (f.page - 1) * f.perPage;
    const limit = f.keyword ? Math.min(offset + COUNT_AHEAD, COUNT_CAP) : Infinity;
    const answer = await listMaterials(harness.database.db, f);
    const label = `${f.all ? 'public' : 'mine'} "${f.keyword}" status ${f.cmCheck} page ${f.page}`;
    assert.deepEqual([answer.total, answer.capped], [Math.min(all.length, limit), all.length > limit], label);
    assert.deepEqual(
      answer.data.map((m) => m.cm_id),
      all.slice(offset, Math.min(offset + f.perPage, f.keyword ? COUNT_CAP : Infinity)),
      label,
    );
  }

  before(async () => {
    me = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id;
    const other = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000006').executeTakeFirstOrThrow()).id;
    // 黄河 in a third of the titles, 嵩山 in a sixth, 素材<n> once; ~37 minutes apart, so ~300 days.
    await sql
      .raw(
        `insert into materials (owner_id, cm_type, title, url, icon_url, cm_check, created_at)
         select case when g % 3 = 0 then ${me} else ${other} end, case when g % 10 = 0 then 3 else 2 end,
                (array['郑州','黄河','嵩山','黄河','老街','黄河'])[1 + g % 6] || '素材' || g, '/oss/b/' || g || '.png', '/oss/b/' || g || '.png',
                case when g % 2 = 0 then 2 else 1 + (g / 2) % 4 end, now() - make_interval(mins => g * 37)
         from generate_series(1, ${ROWS}) g`,
      )
      .execute(harness.database.db);
    await sql`vacuum analyze materials`.execute(harness.database.db);
  });

  it('walks the date-ordered index, index-only, for a common keyword, and reads the gram index for a rare one', async () => {
    for (const all of [true, false]) {
      const common = await plansOf(harness.database.db, (db) => listMaterials(db, filters({ all, cmCheck: all ? 2 : 0, keyword: '黄河' })), true);
      const walkIndex = all ? 'materials_public_walk_idx' : 'materials_mine_walk_idx';
      const gramIndex = all ? 'materials_public_grams_idx' : 'materials_mine_grams_idx';
      assert.ok(indexesRead(common).includes(walkIndex), JSON.stringify(indexesRead(common)));
      assert.ok(!indexesRead(common).includes(gramIndex), JSON.stringify(indexesRead(common)));
      assert.ok(
        scansOf(common, walkIndex).every((scan) => scan === 'Index Only Scan'),
        JSON.stringify(scansOf(common, walkIndex)),
      );
      const rare = await plansOf(harness.database.db, (db) => listMaterials(db, filters({ all, cmCheck: all ? 2 : 0, keyword: '素材1234' })), true);
      assert.ok(indexesRead(rare).includes(gramIndex), JSON.stringify(indexesRead(rare)));
      assert.ok(!indexesRead(rare).includes(walkIndex), JSON.stringify(indexesRead(rare)));
    }
  });

  it('seeks a deep page by the day counters, then reads the date-ordered index only from that day', async () => {
    const deep = await plansOf(harness.database.db, (db) => listMaterials(db, filters({ all: true, cmCheck: 2, page: 100 })));
    assert.ok(indexesOf(deep).includes('material_day_counts_pk'), JSON.stringify(indexesOf(deep)));
    assert.ok(scansOf(deep, 'materials_public_walk_idx').includes('Index Only Scan'), JSON.stringify(indexesOf(deep)));
  });

  it('gives every keyword the total, rows and order of a plain ILIKE, its count stopping COUNT_AHEAD past the page', async () => {
    for (const all of [true, false]) {
      for (const keyword of ['黄河', '河', '嵩山素材1', '素材1234', '素材99999', '%', '_']) {
        for (const page of [1, 2, 41, 42, 43, 90]) await assertSame(filters({ all, cmCheck: all ? 2 : 0, keyword, page }));
      }
    }
    await assertSame(filters({ cmCheck: 3, keyword: '黄河', page: 3 }));
  });

  it('gives a deep page, sought by day, the rows of a plain OFFSET, and keeps its counters as rows come and go', async () => {
    const pages = async () => {
      for (const [all, cmCheck] of [
        [true, 2],
        [false, 0],
        [false, 1],
      ] as const) {
        const last = Math.ceil((await truth(filters({ all, cmCheck }))).length / 24);
        for (const page of [84, 85, Math.floor(last / 2), last - 1, last, last + 1]) if (page > 0) await assertSame(filters({ all, cmCheck, page }));
      }
    };
    await pages();
    // Delete some, approve some, add some in the past: every day counter moves with them.
    await harness.database.db
      .updateTable('materials')
      .set({ deleted_at: new Date() })
      .where('id', 'in', sql<number>`(select id from materials where id % 17 = 0)`)
      .execute();
    await harness.database.db
      .updateTable('materials')
      .set({ cm_check: 2 })
      .where('id', 'in', sql<number>`(select id from materials where id % 13 = 0 and cm_check = 1)`)
      .execute();
    await sql
      .raw(
        `insert into materials (owner_id, cm_type, title, url, icon_url, cm_check, created_at) select ${me}, 2, '补录' || g, '/oss/b/x.png', '/oss/b/x.png', 2, now() - make_interval(days => g) from generate_series(1, 200) g`,
      )
      .execute(harness.database.db);
    await pages();
  });
});
