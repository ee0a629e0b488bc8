/**
 * The list and search queries use the index meant for them (issue: search that scales). The real
 * queries — the ones the routes run, captured from listMaterials, searchDrafts and listManuscripts —
 * are EXPLAINed over 12,000 rows per table after VACUUM ANALYZE (as autovacuum would; VACUUM also
 * empties the GIN pending lists, whose pages the planner would otherwise count against the gram
 * indexes). Sequential scans are turned off for the EXPLAIN: at this size a scan of the whole table
 * is cheap and the planner would rightly take it, while at a million rows it is the 1.5 s answer this
 * guards against. Index choice is left to the planner: the gram index must win on its own, which
 * shows that the expression matches the index and that the scope is in its keys.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { COUNT_AHEAD, COUNT_CAP } from '../../lib/paging';
import { indexesOf, plansOf, seqScans } from '../../testing/explain';
import { setUpTestDatabase } from '../../testing/test-app';
import { searchDrafts } from '../drafts/draft-store';
import { listManuscripts } from '../drafts/manuscript-store';
import { searchLabels } from '../labels';
import { type ListFilters, listMaterials } from './list-query';

const ROWS = 12_000;

describe('search and list plans', () => {
  const harness = setUpTestDatabase();
  let me = 0;

  const plans = (call: (db: Kysely<Database>) => Promise<unknown>) => plansOf(harness.database.db, call);

  before(async () => {
    me = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id;
    const other = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000006').executeTakeFirstOrThrow()).id;
    const words = `array['郑州','黄河','嵩山','云海','老街','秋收']`;
    await sql
      .raw(
        `insert into materials (owner_id, cm_type, title, url, icon_url, cm_check, created_at)
         select case when g % 3 = 0 then ${me} else ${other} end, case when g % 10 = 0 then 3 else 2 end,
                (${words})[1 + g % 6] || '素材' || g, '/oss/b/' || g || '.png', '/oss/b/' || g || '.png',
                case when g % 2 = 0 then 2 else 1 end, now() - make_interval(mins => g)
         from generate_series(1, ${ROWS}) g`,
      )
      .execute(harness.database.db);
    for (const table of ['drafts', 'manuscripts']) {
      const status = table === 'manuscripts' ? ', status' : '';
      const statusValue = table === 'manuscripts' ? ', (array[4, 5, 6, 7, 12, 13])[1 + g % 6]' : '';
      await sql
        .raw(
          `insert into ${table} (user_id, global_id, type, title, created_at${status})
           select case when g % 3 = 0 then ${me} else ${other} end, gen_random_uuid()::text, 1 + (g / 3) % 3,
                  (${words})[1 + g % 6] || '稿件' || g, now() - make_interval(mins => g)${statusValue}
           from generate_series(1, ${ROWS}) g`,
        )
        .execute(harness.database.db);
    }
    await sql
      .raw(
        `insert into labels (name, created_by) select (${words})[1 + g % 6] || '标签' || g || case when g % 100 = 0 then 'Äpfel' else '' end, ${me} from generate_series(1, ${ROWS}) g`,
      )
      .execute(harness.database.db);
    for (const table of ['materials', 'drafts', 'manuscripts', 'labels']) await sql.raw(`vacuum analyze ${table}`).execute(harness.database.db);
  });

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

  it('searches my materials by keyword on the owner-scoped title grams', async () => {
    const nodes = await plans((db) => listMaterials(db, filters({ keyword: '素材1234' })));
    assert.ok(indexesOf(nodes).includes('materials_mine_grams_idx'), JSON.stringify(indexesOf(nodes)));
    assert.deepEqual(seqScans(nodes), []);
  });

  it('searches the public library by keyword on the approved rows’ title grams', async () => {
    const nodes = await plans((db) => listMaterials(db, filters({ all: true, cmCheck: 2, keyword: '素材1234' })));
    assert.ok(indexesOf(nodes).includes('materials_public_grams_idx'), JSON.stringify(indexesOf(nodes)));
    assert.deepEqual(seqScans(nodes), []);
  });

  it('reads material page 1 (mine and public) in order from their composite indexes', async () => {
    const mine = await plans((db) => listMaterials(db, filters({})));
    assert.ok(indexesOf(mine).includes('materials_mine_walk_idx'), JSON.stringify(indexesOf(mine)));
    const all = await plans((db) => listMaterials(db, filters({ all: true, cmCheck: 2 })));
    assert.ok(indexesOf(all).includes('materials_public_walk_idx'), JSON.stringify(indexesOf(all)));
    assert.deepEqual([...seqScans(mine), ...seqScans(all)], []);
  });

  it('searches drafts by keyword on the owner-scoped title grams, and reads page 1 from the owner index', async () => {
    const keyword = await plans((db) => searchDrafts(db, { userId: me, type: 0, page: 1, size: 10, title: '稿件1234' }));
    assert.ok(indexesOf(keyword).includes('drafts_owner_grams_idx'), JSON.stringify(indexesOf(keyword)));
    const page = await plans((db) => searchDrafts(db, { userId: me, type: 0, page: 1, size: 10, title: '' }));
    assert.ok(
      indexesOf(page).some((name) => name.startsWith('drafts_owner_') && name.endsWith('walk_idx')),
      JSON.stringify(indexesOf(page)),
    );
    assert.deepEqual(
      [...seqScans(keyword), ...seqScans(page)].filter((t) => t === 'drafts'),
      [],
    );
  });

  it('searches manuscripts by keyword on the owner-and-type title grams, and reads page 1 from the owner index', async () => {
    const keyword = await plans((db) => listManuscripts(db, { userId: me, type: 1, statuses: null, page: 1, size: 10, title: '稿件1234' }));
    assert.ok(indexesOf(keyword).includes('manuscripts_owner_grams_idx'), JSON.stringify(indexesOf(keyword)));
    const page = await plans((db) => listManuscripts(db, { userId: me, type: 1, statuses: [7, 13], page: 1, size: 10, title: '' }));
    assert.ok(
      indexesOf(page).some((name) => name.startsWith('manuscripts_owner_type')),
      JSON.stringify(indexesOf(page)),
    );
    assert.deepEqual(
      [...seqScans(keyword), ...seqScans(page)].filter((t) => t === 'manuscripts'),
      [],
    );
  });
  it('searches tags by name on the name grams, finding what ILIKE finds, the exact name first', async () => {
    const nodes = await plans((db) => searchLabels(db, '标签1234'));
    assert.ok(indexesOf(nodes).includes('labels_name_grams_idx'), JSON.stringify(indexesOf(nodes)));
    assert.deepEqual(seqScans(nodes), []);
    // Keys and names folded by the same lower(): a keyword in another case finds exactly what ILIKE finds.
    for (const keyword of ['äpfel', 'ÄPFEL', 'Äp', '标签12', '签', '郑州标签1200Äpfel']) {
      const truth = await harness.database.db.selectFrom('labels').select('name').where('name', 'ilike', `%${keyword}%`).execute();
      const found = await searchLabels(harness.database.db, keyword);
      assert.equal(found.length, Math.min(truth.length, 20), keyword);
      assert.ok(
        found.every((tag) => truth.some((row) => row.name === tag.name)),
        keyword,
      );
    }
    assert.equal((await searchLabels(harness.database.db, '黄河标签121'))[0]?.name, '黄河标签121', 'the exact name first');
  });

  it('gives a common keyword (walked) and a rarer one (gram index) the total, rows and order of a plain ILIKE over the list', async () => {
    const owner = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000002').executeTakeFirstOrThrow()).id;
    await sql
      .raw(
        `insert into drafts (user_id, global_id, type, title, created_at)
         select ${owner}, gen_random_uuid()::text, 1 + g % 3, case when g % 7 = 0 then '城市' else '黄河' end || '稿件' || g, now() - make_interval(secs => g % 500)
         from generate_series(1, ${COUNT_CAP + 2_000}) g`,
      )
      .execute(harness.database.db);
    await sql`vacuum analyze drafts`.execute(harness.database.db);
    const truth = (title: string) =>
      harness.database.db
        .selectFrom('drafts')
        .select('id')
        .where('user_id', '=', owner)
        .where('deleted_at', 'is', null)
        .where('title', 'ilike', `%${title}%`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    for (const title of ['黄河', '城市', '黄河稿件1', '稿件1234']) {
      const all = await truth(title);
      for (const page of [1, 2, 37, 101, 150]) {
        const offset = (page - 1) * 10;
        const limit = Math.min(offset + COUNT_AHEAD, COUNT_CAP);
        const answer = await searchDrafts(harness.database.db, { userId: owner, type: 0, page, size: 10, title });
        assert.deepEqual([answer.count, answer.capped], [Math.min(all.length, limit), all.length > limit], `${title} page ${page}`);
        assert.deepEqual(
          answer.returnData.map((d) => d.nd_id),
          all.slice(offset, offset + 10).map((d) => d.id),
          `${title} page ${page}`,
        );
      }
    }
    // The pager stops at the cap: its last page is still read, a page past it is empty.
    const common = await truth('黄河');
    assert.ok(common.length > COUNT_CAP);
    const last = COUNT_CAP / 10;
    const atCap = await searchDrafts(harness.database.db, { userId: owner, type: 0, page: last, size: 10, title: '黄河' });
    assert.deepEqual(
      atCap.returnData.map((d) => d.nd_id),
      common.slice((last - 1) * 10, last * 10).map((d) => d.id),
    );
    const past = await searchDrafts(harness.database.db, { userId: owner, type: 0, page: last + 1, size: 10, title: '黄河' });
    assert.deepEqual([past.count, past.capped, past.returnData], [COUNT_CAP, true, []]);
  });

  it('reads a page past the middle from the oldest end, with the same rows in the same order as from the newest', async () => {
    const drafts = await harness.database.db
      .selectFrom('drafts')
      .select('id')
      .where('user_id', '=', me)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const lastPage = Math.ceil(drafts.length / 10);
    for (const page of [Math.floor(lastPage / 2) + 2, lastPage - 1, lastPage]) {
      const answer = await searchDrafts(harness.database.db, { userId: me, type: 0, page, size: 10, title: '' });
      assert.deepEqual(
        answer.returnData.map((d) => d.nd_id),
        drafts.slice((page - 1) * 10, page * 10).map((d) => d.id),
        `drafts page ${page}`,
      );
    }
    assert.deepEqual((await searchDrafts(harness.database.db, { userId: me, type: 0, page: lastPage + 1, size: 10, title: '' })).returnData, []);
    const manuscripts = await harness.database.db
      .selectFrom('manuscripts')
      .select('id')
      .where('user_id', '=', me)
      .where('type', '=', 2)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const page = Math.ceil(manuscripts.length / 7) - 1;
    const listed = await listManuscripts(harness.database.db, { userId: me, type: 2, statuses: null, page, size: 7, title: '' });
    assert.deepEqual(
      listed.returnData.map((m) => m.nm_id),
      manuscripts.slice((page - 1) * 7, page * 7).map((m) => m.id),
    );
    const approved = await harness.database.db
      .selectFrom('materials')
      .select('id')
      .where('cm_check', '=', 2)
      .where('cm_type', '=', 2)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const last = Math.ceil(approved.length / 24);
    for (const p of [last - 3, last]) {
      const answer = await listMaterials(harness.database.db, filters({ all: true, cmCheck: 2, page: p }));
      assert.equal(answer.total, approved.length);
      assert.deepEqual(
        answer.data.map((m) => m.cm_id),
        approved.slice((p - 1) * 24, p * 24).map((m) => m.id),
        `materials page ${p}`,
      );
    }
  });
});
