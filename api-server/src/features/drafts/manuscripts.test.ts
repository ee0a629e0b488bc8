import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, type ManuscriptDetail, type ManuscriptListAnswer, ManuscriptStatus, type ManuscriptWithdrawAnswer } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';

const VERIFIED = '13800000001';
const UNVERIFIED = '13800000002';
const BANNED_CONTENT = '13800000003';

describe('manuscripts', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};

  const list = async (phone: string, params: Record<string, string | number>) =>
    body<ManuscriptListAnswer>(await signed(harness.app, { url: '/api/manuscript/list', token: tokens[phone], params: { page: 1, size: 10, ...params } }));
  const post = async <T = null>(phone: string, url: string, params: Record<string, string | number>) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  const firstWith = async (phone: string, type: number, status: number) => {
    const row = await harness.database.db
      .selectFrom('manuscripts')
      .innerJoin('users', 'users.id', 'manuscripts.user_id')
      .select('manuscripts.id')
      .where('users.phone', '=', phone)
      .where('manuscripts.type', '=', type)
      .where('manuscripts.status', '=', status)
      .where('manuscripts.deleted_at', 'is', null)
      .orderBy('manuscripts.id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  before(async () => {
    for (const phone of [VERIFIED, UNVERIFIED, BANNED_CONTENT]) tokens[phone] = await login(harness.app, phone);
  });

  it('lists articles with every status under 全部 (20), with platforms and status codes', async () => {
    const answer = await list(VERIFIED, { type: 1, status: 20 });
    assert.equal(answer.code, 0);
    assert.equal(answer.data.count, 9);
    const item = answer.data.returnData[0];
    assert.ok(item);
    assert.deepEqual(Object.keys(item).sort(), [
      'global_id',
      'nm_cover_url',
      'nm_create_time',
      'nm_id',
      'nm_platforms',
      'nm_publish_time',
      'nm_review_code',
      'nm_scheduled_time',
      'nm_status',
      'nm_title',
      'nm_type',
    ]);
    assert.ok(answer.data.returnData.every((m) => m.nm_type === 1));
    const published = answer.data.returnData.find((m) => m.nm_status === ManuscriptStatus.PUBLISHED);
    assert.ok(published && published.nm_platforms.length > 0);
  });

  it('filters articles by the article status codes and other types by their own lists', async () => {
    const scheduled = await list(VERIFIED, { type: 1, status: 12 });
    assert.equal(scheduled.data.count, 1);
    assert.equal(scheduled.data.returnData[0]?.nm_status, ManuscriptStatus.SCHEDULED);
    assert.ok(scheduled.data.returnData[0]?.nm_scheduled_time);
    assert.equal((await list(VERIFIED, { type: 1, status: 5 })).data.count, 3);
    // Videos: 0 已发布 and 7 审核中 (OTHER_STATUS_FILTERS) read the stored published / in-review states.
    const videoPublished = await list(VERIFIED, { type: 2, status: 0 });
    assert.ok(videoPublished.data.count > 0 && videoPublished.data.returnData.every((m) => m.nm_status === ManuscriptStatus.PUBLISHED));
    const videoInReview = await list(VERIFIED, { type: 2, status: 7 });
    assert.ok(videoInReview.data.returnData.every((m) => m.nm_status === ManuscriptStatus.IN_REVIEW));
    assert.equal((await list(VERIFIED, { type: 3, status: -1 })).data.count, 8);
    assert.equal((await list(VERIFIED, { type: 2, status: 12 })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await list(VERIFIED, { type: 0, status: 20 })).code, ApiCode.INVALID_PARAMS);
  });

  it('searches titles and pages', async () => {
    const answer = await list(VERIFIED, { type: 1, status: 20, title: '稿件1' });
    assert.ok(answer.data.count > 0 && answer.data.returnData.every((m) => m.nm_title.includes('稿件1')));
    const page2 = await list(VERIFIED, { type: 1, status: 20, page: 2, size: 4 });
    assert.equal(page2.data.returnData.length, 4);
  });

  it('pages read past the middle (from the oldest end) give the same rows, in the same order, as one long page', async () => {
    for (const [status, title] of [
      [20, ''],
      [-1, ''],
      [20, '稿件'],
    ] as const) {
      const type = status === 20 ? 1 : 3;
      const all = (await list(VERIFIED, { type, status, title, size: 50 })).data;
      assert.ok(all.count > 4, `enough manuscripts of type ${type}`);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(all.count / 2) + 1; page += 1) {
        const answer = await list(VERIFIED, { type, status, title, page, size: 2 });
        assert.equal(answer.data.count, all.count);
        paged.push(...answer.data.returnData.map((m) => m.nm_id));
      }
      assert.deepEqual(
        paged,
        all.returnData.map((m) => m.nm_id),
        `type ${type} ${title}`,
      );
    }
  });

  it('shows a manuscript to its owner only', async () => {
    const id = await firstWith(VERIFIED, 1, ManuscriptStatus.PUBLISHED);
    const own = body<ManuscriptDetail>(await signed(harness.app, { url: '/api/manuscript/show', token: tokens[VERIFIED], params: { id } }));
    assert.equal(own.code, 0);
    assert.ok(own.data.nm_content.length > 0);
    assert.equal(body(await signed(harness.app, { url: '/api/manuscript/show', token: tokens[UNVERIFIED], params: { id } })).code, ApiCode.FORBIDDEN);
  });

  it('withdraws a scheduled manuscript to 仅我可见, and refuses anything not scheduled', async () => {
    const id = await firstWith(VERIFIED, 1, ManuscriptStatus.SCHEDULED);
    const answer = await post<ManuscriptWithdrawAnswer>(VERIFIED, '/api/manuscript/withdraw', { id, to: 'private' });
    assert.deepEqual(answer.data, { nm_status: ManuscriptStatus.PRIVATE, nd_id: null });
    assert.equal((await list(VERIFIED, { type: 1, status: 12 })).data.count, 0);
    assert.equal((await list(VERIFIED, { type: 1, status: 4 })).data.count, 2);
    assert.equal((await post(VERIFIED, '/api/manuscript/withdraw', { id, to: 'private' })).code, ApiCode.CONFLICT);
  });

  it('withdraws a scheduled manuscript back to the drafts', async () => {
    const id = await firstWith(VERIFIED, 2, ManuscriptStatus.SCHEDULED);
    const answer = await post<ManuscriptWithdrawAnswer>(VERIFIED, '/api/manuscript/withdraw', { id, to: 'draft' });
    assert.equal(answer.code, 0);
    assert.ok(answer.data.nd_id);
    const draft = body<{ nd_type: number }>(await signed(harness.app, { url: '/api/draft/show', token: tokens[VERIFIED], params: { id: answer.data.nd_id } }));
    assert.equal(draft.data.nd_type, 2);
    assert.equal(body(await signed(harness.app, { url: '/api/manuscript/show', token: tokens[VERIFIED], params: { id } })).code, ApiCode.NOT_FOUND);
  });

  it('refuses withdraw and delete to unverified (1005), range-1-banned (1006) users and to non-owners (1003)', async () => {
    const own = await firstWith(UNVERIFIED, 1, ManuscriptStatus.SCHEDULED);
    assert.equal((await post(UNVERIFIED, '/api/manuscript/withdraw', { id: own, to: 'private' })).code, ApiCode.CERT_REQUIRED);
    assert.equal((await post(UNVERIFIED, '/api/manuscript/del', { ids: String(own) })).code, ApiCode.CERT_REQUIRED);
    const banned = await firstWith(BANNED_CONTENT, 1, ManuscriptStatus.PUBLISHED);
    assert.equal((await post(BANNED_CONTENT, '/api/manuscript/del', { ids: String(banned) })).code, ApiCode.BANNED);
    assert.equal((await post(VERIFIED, '/api/manuscript/del', { ids: String(own) })).code, ApiCode.FORBIDDEN);
    assert.equal((await post(VERIFIED, '/api/manuscript/withdraw', { id: own, to: 'draft' })).code, ApiCode.FORBIDDEN);
  });

  it('refuses to delete a manuscript in review and soft-deletes the others', async () => {
    const inReview = await firstWith(VERIFIED, 1, ManuscriptStatus.IN_REVIEW);
    const rejected = await firstWith(VERIFIED, 1, ManuscriptStatus.REJECTED);
    assert.equal((await post(VERIFIED, '/api/manuscript/del', { ids: `${rejected},${inReview}` })).code, ApiCode.CONFLICT);
    const before = (await list(VERIFIED, { type: 1, status: 6 })).data.count;
    assert.deepEqual(await post(VERIFIED, '/api/manuscript/del', { ids: String(rejected) }), { code: 0, msg: '删除成功!', data: null });
    assert.equal((await list(VERIFIED, { type: 1, status: 6 })).data.count, before - 1);
    const row = await harness.database.db.selectFrom('manuscripts').select('deleted_at').where('id', '=', rejected).executeTakeFirstOrThrow();
    assert.ok(row.deleted_at);
  });
});
