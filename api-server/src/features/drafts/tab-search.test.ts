/**
 * A keyword search in a draft tab (图文, 视频 …) reads the owner-and-type gram index of migration 0160:
 * a keyword common in the creator's other tabs but rare in the one shown is found on that index, not
 * by walking the whole tab (the owner's index and its statistics cannot see the tab), a keyword common
 * in the tab still walks it, and every tab's search answers exactly what a plain ILIKE / ORDER BY /
 * OFFSET over the table answers, as drafts come, go and move between tabs.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { containsPattern } from '../../lib/keyword';
import { COUNT_AHEAD, COUNT_CAP } from '../../lib/paging';
import { indexesRead, plansOf, scansOf } from '../../testing/explain';
import { setUpTestDatabase } from '../../testing/test-app';
import { searchDrafts } from './draft-store';

const ROWS = 9_000;

describe('keyword search in a draft tab', () => {
  const harness = setUpTestDatabase();
  let owner = 0;

  /** What a plain query over the table answers: the tab's matches, newest first. */
  async function truth(type: number, title: string): Promise<number[]> {
    let query = harness.database.db
      .selectFrom('drafts')
      .select('id')
      .where('user_id', '=', owner)
      .where('deleted_at', 'is', null)
      .where('title', 'ilike', containsPattern(title));
    if (type) query = query.where('type', '=', type);
    return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((row) => row.id);
  }

  async function assertSame(type: number, title: string, page: number): Promise<void> {
    const all = await truth(type, title);
    const offset = (page - 1) * 10;
    const limit = Math.min(offset + COUNT_AHEAD, COUNT_CAP);
    const answer = await searchDrafts(harness.database.db, { userId: owner, type, page, size: 10, title });
    const label = `tab ${type} "${title}" page ${page}`;
    assert.deepEqual([answer.count, answer.capped], [Math.min(all.length, limit), all.length > limit], label);
    assert.deepEqual(
      answer.returnData.map((d) => d.nd_id),
      all.slice(offset, offset + 10),
      label,
    );
  }

  const assertAll = async () => {
    for (const type of [0, 1, 2, 3]) {
      for (const title of ['乡村', '黄河', '村', '乡村稿件3', '稿件12', '%', '_']) {
        for (const page of [1, 2, 60, 101]) await assertSame(type, title, page);
      }
    }
  };

  before(async () => {
    owner = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000002').executeTakeFirstOrThrow()).id;
    // Tabs 1, 2, 3 in turn; 黄河 in half of every tab's titles; 乡村 in every title of tab 3 and in
    // two of tab 1 (the 图文 tab); ~10 minutes apart, some in the same second.
    await sql
      .raw(
        `insert into drafts (user_id, global_id, type, title, created_at)
         select ${owner}, gen_random_uuid()::text, 1 + g % 3,
                case when g % 3 = 2 or g in (3000, 6000) then '乡村' else '城市' end || case when g % 2 = 0 then '黄河' else '老街' end || '稿件' || g,
                date_trunc('second', now()) - make_interval(mins => (g / 2) * 10)
         from generate_series(1, ${ROWS}) g`,
      )
      .execute(harness.database.db);
    await sql`vacuum analyze drafts`.execute(harness.database.db);
  });

  it('finds a keyword rare in the tab but common in the others on the tab’s gram index, without walking the tab', async () => {
    // Two of the seeded rows and a demo draft in tab 1; 3,000 in tab 3.
    assert.ok((await truth(1, '乡村')).length <= 3 && (await truth(3, '乡村')).length >= 3_000);
    const nodes = await plansOf(harness.database.db, (db) => searchDrafts(db, { userId: owner, type: 1, page: 1, size: 10, title: '乡村' }), true);
    assert.ok(indexesRead(nodes).includes('drafts_owner_type_grams_idx'), JSON.stringify(indexesRead(nodes)));
    assert.ok(!indexesRead(nodes).includes('drafts_owner_type_walk_idx'), JSON.stringify(indexesRead(nodes)));
    assert.ok(!indexesRead(nodes).includes('drafts_owner_grams_idx'), JSON.stringify(indexesRead(nodes)));
  });

  it('walks the tab, index-only, for a keyword common in it, and reads the owner’s gram index in the 全部 tab', async () => {
    const common = await plansOf(harness.database.db, (db) => searchDrafts(db, { userId: owner, type: 1, page: 1, size: 10, title: '黄河' }), true);
    assert.ok(indexesRead(common).includes('drafts_owner_type_walk_idx'), JSON.stringify(indexesRead(common)));
    assert.ok(!indexesRead(common).includes('drafts_owner_type_grams_idx'), JSON.stringify(indexesRead(common)));
    assert.ok(
      scansOf(common, 'drafts_owner_type_walk_idx').every((scan) => scan === 'Index Only Scan'),
      JSON.stringify(scansOf(common, 'drafts_owner_type_walk_idx')),
    );
    const everyTab = await plansOf(harness.database.db, (db) => searchDrafts(db, { userId: owner, type: 0, page: 1, size: 10, title: '乡村稿件3' }), true);
    assert.ok(indexesRead(everyTab).includes('drafts_owner_grams_idx'), JSON.stringify(indexesRead(everyTab)));
    assert.ok(!indexesRead(everyTab).includes('drafts_owner_type_grams_idx'), JSON.stringify(indexesRead(everyTab)));
  });

  it('answers every tab’s search as a plain ILIKE does, as drafts come, go and change tabs', async () => {
    await assertAll();
    await harness.database.db
      .updateTable('drafts')
      .set({ deleted_at: new Date() })
      .where('id', 'in', sql<number>`(select id from drafts where user_id = ${owner} and id % 11 = 0)`)
      .execute();
    await harness.database.db
      .updateTable('drafts')
      .set({ type: 1 })
      .where('id', 'in', sql<number>`(select id from drafts where user_id = ${owner} and type = 3 and id % 13 = 0)`)
      .execute();
    await sql
      .raw(
        `insert into drafts (user_id, global_id, type, title, created_at) select ${owner}, gen_random_uuid()::text, 2, '补录乡村' || g, now() - make_interval(days => g) from generate_series(1, 150) g`,
      )
      .execute(harness.database.db);
    await assertAll();
  });
});
