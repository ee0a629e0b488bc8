/** Appeals, the notice screen and the settings calls, on the seeded demo accounts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { setUpTestApp } from '../../testing/test-app';
import { body, login, signed } from '../../testing/signed';
import type { SignableParams } from 'shared-sdk/contract';

interface NoticePage {
  list: { id: number; title: string; content: string; created_at: string; read: boolean }[];
  total: number;
}

describe('shell account calls', () => {
  const harness = setUpTestApp();

  const call = async <T>(token: string, url: string, method: 'GET' | 'POST', params: SignableParams = {}) =>
    body<T>(await signed(harness.app, { method, url, params, token }));

  describe('POST /api/ban/appeal', () => {
    it('stores one open appeal for the active ban, refuses a second with 1009', async () => {
      const token = await login(harness.app, '13800000003');
      const first = await call(token, '/api/ban/appeal', 'POST', { reason: '我的文章没有违规，请复核' });
      assert.equal(first.code, ApiCode.OK, first.msg);
      assert.equal(first.msg, '提交成功');
      const rows = await harness.database.db.selectFrom('ban_appeals').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]?.text, '我的文章没有违规，请复核');
      assert.equal(rows[0]?.status, 'open');

      const second = await call(token, '/api/ban/appeal', 'POST', { reason: '再次申诉，请尽快处理' });
      assert.equal(second.code, ApiCode.CONFLICT);
      assert.equal(second.msg, '您已提交申诉，请等待处理');
    });

    it('refuses a user who is not banned, and a reason out of 5–500 characters', async () => {
      const token = await login(harness.app, '13800000001');
      const notBanned = await call(token, '/api/ban/appeal', 'POST', { reason: '我没有被封禁但想申诉' });
      assert.equal(notBanned.code, ApiCode.FORBIDDEN);
      const banned = await login(harness.app, '13800000004');
      assert.equal((await call(banned, '/api/ban/appeal', 'POST', { reason: '短' })).code, ApiCode.INVALID_PARAMS);
      assert.equal((await call(banned, '/api/ban/appeal', 'POST', { reason: 'x'.repeat(501) })).code, ApiCode.INVALID_PARAMS);
    });
  });

  describe('notices', () => {
    it('lists a type with paging and marks one, then all, as read', async () => {
      const token = await login(harness.app, '13800000001');
      const unread = async () => (await call<{ count: number }>(token, '/api/notice/getMpNoReadNums', 'GET', { type: 0 })).data.count;
      const page1 = await call<NoticePage>(token, '/api/notice/list', 'GET', { type: '0', page: 1, size: 2 });
      assert.equal(page1.code, ApiCode.OK, page1.msg);
      assert.equal(page1.data.total, 3);
      assert.equal(page1.data.list.length, 2);
      assert.deepEqual(Object.keys(page1.data.list[0] ?? {}).sort(), ['content', 'created_at', 'id', 'read', 'title']);
      const page2 = await call<NoticePage>(token, '/api/notice/list', 'GET', { type: '0', page: 2, size: 2 });
      assert.equal(page2.data.list.length, 1);

      const first = page1.data.list[0];
      assert.ok(first);
      assert.equal((await call(token, '/api/notice/read', 'POST', { ids: String(first.id) })).code, ApiCode.OK);
      assert.equal(await unread(), 2);
      const again = await call<NoticePage>(token, '/api/notice/list', 'GET', { type: '0', page: 1, size: 2 });
      assert.equal(again.data.list.find((item) => item.id === first.id)?.read, true);

      assert.equal((await call(token, '/api/notice/read', 'POST', { all: 1, type: '0' })).code, ApiCode.OK);
      assert.equal(await unread(), 0);
      const community = await call<{ count: number }>(token, '/api/notice/getCommunityNoReadNums', 'GET');
      assert.equal(community.data.count, 1, 'all=1 only touches its type');
      assert.equal((await call(token, '/api/notice/read', 'POST', {})).code, ApiCode.INVALID_PARAMS);
    });

    it("never marks another user's notices", async () => {
      const owner = await login(harness.app, '13800000001');
      const other = await login(harness.app, '13800000002');
      const { data } = await call<NoticePage>(owner, '/api/notice/list', 'GET', { type: '1', page: 1, size: 10 });
      const ids = data.list.map((item) => item.id).join(',');
      await call(other, '/api/notice/read', 'POST', { ids });
      const after = await call<{ count: number }>(owner, '/api/notice/getMpNoReadNums', 'GET', { type: 1 });
      assert.equal(after.data.count, 2);
    });
  });

  describe('settings', () => {
    it('updates the nickname within 1–20 characters', async () => {
      const token = await login(harness.app, '13800000006');
      assert.equal((await call(token, '/api/user/update', 'POST', { nickname: '   ' })).code, ApiCode.INVALID_PARAMS);
      assert.equal((await call(token, '/api/user/update', 'POST', { nickname: '名'.repeat(21) })).code, ApiCode.INVALID_PARAMS);
      assert.equal((await call(token, '/api/user/update', 'POST', { nickname: '新的昵称' })).code, ApiCode.OK);
      const info = await call<{ u_nickname: string }>(token, '/api/user/mpBaseUserinfo', 'GET');
      assert.equal(info.data.u_nickname, '新的昵称');
    });

    it('changes the password: wrong current refused, other sessions revoked, this one kept', async () => {
      const here = await login(harness.app, '13800000007');
      const elsewhere = await login(harness.app, '13800000007');
      const wrong = await call(here, '/api/user/password', 'POST', { old_password: 'nope1234', new_password: 'newpass123' });
      assert.equal(wrong.code, ApiCode.FORBIDDEN);
      const weak = await call(here, '/api/user/password', 'POST', { old_password: 'demo1234', new_password: 'onlyletters' });
      assert.equal(weak.code, ApiCode.INVALID_PARAMS);

      const changed = await call(here, '/api/user/password', 'POST', { old_password: 'demo1234', new_password: 'newpass123' });
      assert.equal(changed.code, ApiCode.OK, changed.msg);
      assert.equal((await call(elsewhere, '/api/user/mpBaseUserinfo', 'GET')).code, ApiCode.TOKEN_EXPIRED);
      assert.equal((await call(here, '/api/user/mpBaseUserinfo', 'GET')).code, ApiCode.OK);
      await assert.rejects(login(harness.app, '13800000007'));
      assert.ok(await login(harness.app, '13800000007', 'newpass123'));
    });
  });
});
