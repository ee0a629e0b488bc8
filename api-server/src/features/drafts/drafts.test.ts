import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { ApiCode, type DraftDetail, type DraftSearchAnswer } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { restoreDraft } from './restore';

const VERIFIED = '13800000001';
const UNVERIFIED = '13800000002';
const BANNED_CONTENT = '13800000003';
const BANNED_POSTS = '13800000004';

describe('drafts', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};

  const search = async (phone: string, params: Record<string, string | number> = {}) =>
    body<DraftSearchAnswer>(await signed(harness.app, { url: '/api/draft/search', token: tokens[phone], params }));
  const del = async (phone: string, params: Record<string, string>) =>
    body<null>(await signed(harness.app, { method: 'POST', url: '/api/draft/del', token: tokens[phone], params }));
  const draftsOf = (phone: string) =>
    harness.database.db
      .selectFrom('drafts')
      .innerJoin('users', 'users.id', 'drafts.user_id')
      .select(['drafts.id', 'drafts.global_id'])
      .where('users.phone', '=', phone)
      .where('drafts.deleted_at', 'is', null)
      .orderBy('drafts.id')
      .execute();

  before(async () => {
    for (const phone of [VERIFIED, UNVERIFIED, BANNED_CONTENT, BANNED_POSTS]) tokens[phone] = await login(harness.app, phone);
  });

  it('answers {code, msg, data: {returnData, count}} with the Draft fields of docs/product.md §3, newest first, 10 per page', async () => {
    const answer = await search(VERIFIED, { type: 0, page: 1, size: 10 });
    assert.equal(answer.code, 0);
    assert.equal(answer.data.count, 23, '7 of each of the three kinds of docs/product.md §2, plus a collection and a post');
    assert.equal(answer.data.returnData.length, 10);
    const first = answer.data.returnData[0];
    assert.ok(first);
    assert.deepEqual(Object.keys(first).sort(), ['global_id', 'nd_cover_url', 'nd_create_time', 'nd_id', 'nd_title', 'nd_type']);
    assert.ok(Array.isArray(first.nd_cover_url));
    assert.match(first.nd_create_time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const times = answer.data.returnData.map((d) => d.nd_create_time);
    assert.deepEqual(times, [...times].sort().reverse());
  });

  it('filters by tab (nd_type) and pages through the rest', async () => {
    for (const type of [1, 2, 3]) {
      const answer = await search(VERIFIED, { type, page: 1, size: 10 });
      assert.equal(answer.data.count, 7);
      assert.ok(answer.data.returnData.every((d) => d.nd_type === type));
    }
    for (const type of [4, 5]) {
      const answer = await search(VERIFIED, { type, page: 1, size: 10 });
      assert.equal(answer.data.count, 1);
      assert.equal(answer.data.returnData[0]?.nd_type, type);
    }
    const last = await search(VERIFIED, { type: 0, page: 3, size: 10 });
    assert.equal(last.data.returnData.length, 3);
    const beyond = await search(VERIFIED, { type: 0, page: 9, size: 10 });
    assert.deepEqual(beyond.data, { returnData: [], count: 23, capped: false });
  });

  it('pages read past the middle (from the oldest end) give the same rows, in the same order, as one long page', async () => {
    for (const title of ['', '（']) {
      const all = (await search(VERIFIED, { type: 0, page: 1, size: 50, title })).data;
      assert.ok(all.count > 6, `enough drafts for ${title || 'no keyword'}`);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(all.count / 3); page += 1) {
        const answer = await search(VERIFIED, { type: 0, page, size: 3, title });
        assert.equal(answer.data.count, all.count);
        paged.push(...answer.data.returnData.map((d) => d.nd_id));
      }
      assert.deepEqual(
        paged,
        all.returnData.map((d) => d.nd_id),
        title || 'no keyword',
      );
    }
  });

  it('searches titles by keyword, taking % and _ literally', async () => {
    const answer = await search(VERIFIED, { type: 0, title: '黄河' });
    assert.equal(answer.data.count, 3);
    assert.ok(answer.data.returnData.every((d) => d.nd_title.includes('黄河')));
    assert.equal((await search(VERIFIED, { type: 2, title: '黄河' })).data.count, 1);
    assert.equal((await search(VERIFIED, { title: '%' })).data.count, 0);
  });

  it('finds a title by a keyword in another case exactly when the database lower-cases both alike (index and ILIKE agree)', async () => {
    const owner = await harness.database.db.selectFrom('users').select('id').where('phone', '=', UNVERIFIED).executeTakeFirstOrThrow();
    const titles = ['Äpfel im Herbst', 'ÄRGER am Fluss', 'äußerst leise', 'Σοφία λέξη'];
    const inserted = await harness.database.db
      .insertInto('drafts')
      .values(titles.map((title) => ({ user_id: owner.id, global_id: randomUUID(), type: 1, title })))
      .returning('id')
      .execute();
    const ids = inserted.map((row) => row.id);
    try {
      // Whether this database's lower() folds these letters (a C locale leaves them as they are).
      const { rows } = await sql<{ folds: boolean }>`select lower('Ä') = 'ä' and lower('Σ') = 'σ' as folds`.execute(harness.database.db);
      const folds = rows[0]?.folds === true;
      const found = async (keyword: string) => (await search(UNVERIFIED, { type: 0, title: keyword, size: 50 })).data.returnData.map((d) => d.nd_title).sort();
      for (const keyword of ['Äp', 'äp', 'ÄP', 'Ä', 'ä', 'är', 'ÄR', 'σο', 'ΣΟ', 'Σ', 'λέ', 'ΛΈ']) {
        // What ILIKE alone (no index) finds among these titles: the search must find the same.
        const pattern = `%${keyword}%`;
        const expected = await harness.database.db
          .selectFrom('drafts')
          .select('title')
          .where('id', 'in', ids)
          .where('title', 'ilike', pattern)
          .orderBy('title')
          .execute();
        assert.deepEqual(await found(keyword), expected.map((row) => row.title).sort(), keyword);
      }
      // In its own case a title is always found; in the other case exactly when lower() folds it.
      assert.deepEqual(await found('Äp'), ['Äpfel im Herbst']);
      assert.deepEqual(await found('Σοφ'), ['Σοφία λέξη']);
      assert.equal((await found('äp')).includes('Äpfel im Herbst'), folds);
      assert.equal((await found('ΣΟΦ')).includes('Σοφία λέξη'), folds);
    } finally {
      await harness.database.db.deleteFrom('drafts').where('id', 'in', ids).execute();
    }
  });

  it('refuses values outside the contract', async () => {
    assert.equal((await search(VERIFIED, { type: 6 })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await search(VERIFIED, { page: 0 })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await search(VERIFIED, { size: 500 })).code, ApiCode.INVALID_PARAMS);
  });

  it('needs a signed call with a token', async () => {
    const unsigned = await harness.app.inject({ method: 'GET', url: '/api/draft/search?type=0&page=1&size=10' });
    assert.notEqual(unsigned.json<{ code: number }>().code, 0);
    assert.equal(body(await signed(harness.app, { url: '/api/draft/search' })).code, ApiCode.TOKEN_EXPIRED);
  });

  it('shows only the owner its draft with the body HTML', async () => {
    const [own] = await draftsOf(VERIFIED);
    assert.ok(own);
    const answer = body<DraftDetail>(await signed(harness.app, { url: '/api/draft/show', token: tokens[VERIFIED], params: { id: own.id } }));
    assert.equal(answer.code, 0);
    assert.equal(answer.data.nd_id, own.id);
    assert.equal(typeof answer.data.nd_content, 'string');
    const foreign = body(await signed(harness.app, { url: '/api/draft/show', token: tokens[UNVERIFIED], params: { id: own.id } }));
    assert.equal(foreign.code, ApiCode.FORBIDDEN);
    assert.equal(foreign.data, null);
    assert.equal(body(await signed(harness.app, { url: '/api/draft/show', token: tokens[VERIFIED], params: { id: 999999 } })).code, ApiCode.NOT_FOUND);
  });

  it('refuses deletion to unverified users (1005) and to a ban with range 1 (1006), before looking at ids', async () => {
    const [own] = await draftsOf(UNVERIFIED);
    assert.ok(own);
    const unverified = await del(UNVERIFIED, { ids: String(own.id), global_ids: own.global_id });
    assert.equal(unverified.code, ApiCode.CERT_REQUIRED);
    assert.equal(unverified.msg, '请完成实名认证');
    const [banned] = await draftsOf(BANNED_CONTENT);
    assert.ok(banned);
    assert.equal((await del(BANNED_CONTENT, { ids: String(banned.id), global_ids: banned.global_id })).code, ApiCode.BANNED);
    assert.equal((await draftsOf(BANNED_CONTENT)).length, 23);
  });

  it("refuses others' ids, even mixed with one's own, and deletes nothing", async () => {
    const [mine] = await draftsOf(VERIFIED);
    const [theirs] = await draftsOf(BANNED_POSTS);
    assert.ok(mine && theirs);
    const answer = await del(VERIFIED, { ids: `${mine.id},${theirs.id}`, global_ids: `${mine.global_id},${theirs.global_id}` });
    assert.equal(answer.code, ApiCode.FORBIDDEN);
    assert.equal((await draftsOf(VERIFIED)).length, 23);
    assert.equal((await draftsOf(BANNED_POSTS)).length, 23);
  });

  it('refuses global_ids that do not match ids, and malformed ids', async () => {
    const [a, b] = await draftsOf(VERIFIED);
    assert.ok(a && b);
    assert.equal((await del(VERIFIED, { ids: String(a.id), global_ids: b.global_id })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await del(VERIFIED, { ids: 'abc', global_ids: '' })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await del(VERIFIED, { ids: `${a.id},${a.id}`, global_ids: '' })).code, ApiCode.INVALID_PARAMS);
  });

  it('soft-deletes (删除成功!), keeps counts right, and an operator can restore', async () => {
    const [a, b] = await draftsOf(BANNED_POSTS);
    assert.ok(a && b);
    // A range-3 ban blocks posts only, not drafts.
    const answer = await del(BANNED_POSTS, { ids: `${a.id},${b.id}`, global_ids: `${a.global_id},${b.global_id}` });
    assert.deepEqual(answer, { code: 0, msg: '删除成功!', data: null });
    const after = await search(BANNED_POSTS, { type: 0 });
    assert.equal(after.data.count, 21);
    assert.ok(!after.data.returnData.some((d) => d.nd_id === a.id));
    const row = await harness.database.db.selectFrom('drafts').select('deleted_at').where('id', '=', a.id).executeTakeFirstOrThrow();
    assert.ok(row.deleted_at, 'the row is kept with deleted_at');
    assert.equal((await del(BANNED_POSTS, { ids: String(a.id), global_ids: '' })).code, ApiCode.NOT_FOUND);
    assert.equal(body(await signed(harness.app, { url: '/api/draft/show', token: tokens[BANNED_POSTS], params: { id: a.id } })).code, ApiCode.NOT_FOUND);

    assert.equal(await restoreDraft(harness.database.db, String(a.id)), `Draft ${a.id} restored.`);
    assert.equal((await search(BANNED_POSTS, { type: 0 })).data.count, 22);
    await assert.rejects(restoreDraft(harness.database.db, String(a.id)), /is not deleted/);
  });
});
