/**
 * A deep page of the drafts or manuscripts seeks by the day counters of migration 0141: it answers
 * exactly what a plain ORDER BY … OFFSET over the table answers, before and after rows come, go and
 * change status, and its plan reads the counters and the owner's date-ordered index, index-only.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { indexesOf, plansOf, scansOf } from '../../testing/explain';
import { setUpTestDatabase } from '../../testing/test-app';
import { searchDrafts } from './draft-store';
import { listManuscripts } from './manuscript-store';

const ROWS = 6_000;

describe('deep draft and manuscript pages by day counters', () => {
  const harness = setUpTestDatabase();
  let me = 0;

  async function truth(table: 'drafts' | 'manuscripts', type: number, statuses: number[] | null): Promise<number[]> {
    let query = harness.database.db.selectFrom(table).select('id').where('user_id', '=', me).where('deleted_at', 'is', null);
    if (type) query = query.where('type', '=', type);
    if (statuses) query = query.where(sql.ref('status'), 'in', statuses);
    return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((row) => row.id);
  }

  async function assertPages(): Promise<void> {
    for (const type of [0, 2]) {
      const all = await truth('drafts', type, null);
      for (const page of [199, 200, 201, Math.ceil(all.length / 20), Math.ceil(all.length / 10), Math.ceil(all.length / 10) + 1]) {
        const answer = await searchDrafts(harness.database.db, { userId: me, type, page, size: 10, title: '' });
        assert.equal(answer.count, all.length);
        assert.deepEqual(
          answer.returnData.map((d) => d.nd_id),
          all.slice((page - 1) * 10, page * 10),
          `drafts tab ${type} page ${page}`,
        );
      }
    }
    for (const statuses of [null, [7, 13]]) {
      const all = await truth('manuscripts', 1, statuses);
      for (const page of [201, Math.ceil(all.length / 10)]) {
        const answer = await listManuscripts(harness.database.db, { userId: me, type: 1, statuses, page, size: 10, title: '' });
        assert.equal(answer.count, all.length);
        assert.deepEqual(
          answer.returnData.map((m) => m.nm_id),
          all.slice((page - 1) * 10, page * 10),
          `manuscripts ${JSON.stringify(statuses)} page ${page}`,
        );
      }
    }
  }

  before(async () => {
    me = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id;
    for (const table of ['drafts', 'manuscripts']) {
      const status = table === 'manuscripts' ? ', status' : '';
      const statusValue = table === 'manuscripts' ? ', (array[4, 5, 6, 7, 12, 13])[1 + g % 6]' : '';
      // ~1 hour 10 minutes apart: about 290 days, several rows a day, some created in the same second.
      await sql
        .raw(
          `insert into ${table} (user_id, global_id, type, title, created_at${status})
           select ${me}, gen_random_uuid()::text, 1 + g % 3, '稿件' || g, date_trunc('second', now()) - make_interval(mins => (g / 2) * 140)${statusValue}
           from generate_series(1, ${ROWS}) g`,
        )
        .execute(harness.database.db);
      await sql.raw(`vacuum analyze ${table}`).execute(harness.database.db);
    }
  });

  it('reads a deep page from the day counters and the owner index, index-only', async () => {
    const nodes = await plansOf(harness.database.db, (db) => searchDrafts(db, { userId: me, type: 0, page: 300, size: 10, title: '' }));
    assert.ok(indexesOf(nodes).includes('content_day_counts_pk'), JSON.stringify(indexesOf(nodes)));
    assert.ok(scansOf(nodes, 'drafts_owner_walk_idx').includes('Index Only Scan'), JSON.stringify(indexesOf(nodes)));
  });

  it('answers every deep page as a plain OFFSET does, as rows come, go and change status', async () => {
    await assertPages();
    await harness.database.db
      .updateTable('drafts')
      .set({ deleted_at: new Date() })
      .where('id', 'in', sql<number>`(select id from drafts where id % 11 = 0)`)
      .execute();
    await harness.database.db
      .updateTable('manuscripts')
      .set({ status: 7 })
      .where('id', 'in', sql<number>`(select id from manuscripts where id % 7 = 0 and status = 4)`)
      .execute();
    await harness.database.db
      .updateTable('drafts')
      .set({ type: 2 })
      .where('id', 'in', sql<number>`(select id from drafts where id % 13 = 0)`)
      .execute();
    await sql
      .raw(
        `insert into drafts (user_id, global_id, type, title, created_at) select ${me}, gen_random_uuid()::text, 2, '补录' || g, now() - make_interval(days => g) from generate_series(1, 150) g`,
      )
      .execute(harness.database.db);
    await harness.database.db
      .deleteFrom('manuscripts')
      .where('id', 'in', sql<number>`(select id from manuscripts where id % 19 = 0)`)
      .execute();
    await assertPages();
  });
});
