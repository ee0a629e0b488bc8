import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode, type UserBanInfoAnswer } from 'shared-sdk/contract';
import { ban, unban } from '../../cli/commands';
import { createSession } from '../../plugins/app/sessions';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE, fetchToken, newKey, ossInject } from '../oss/oss-test-client';
import { forcedLogoutMessage, refuseForcedLogout } from './forced-logout';

/** A ban of type 2 and a logout end every session and upload credential on the server, at once. */
describe('forced-logout bans and ended sessions', () => {
  const data = tempDir('forced-logout');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });
  const userId = async (phone: string) => (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

  const get = (url: string, token: string, params: Record<string, string | number> = {}) => signed(harness.app, { url, token, params }).then((r) => body(r));
  const post = (url: string, token: string, params: Record<string, string | number> = {}) =>
    signed(harness.app, { method: 'POST', url, token, params }).then((r) => body(r));
  /** Eleven calls of the kinds the probe made succeed with a banned account's token. */
  const everyCall = (token: string) => [
    get('/api/user/mpBaseUserinfo', token),
    get('/api/upload/tos/token', token),
    get('/api/notice/getMpNoReadNums', token, { type: 0 }),
    get('/api/user/getToolList', token),
    get('/api/creatorScore/getUserScore', token),
    post('/api/user/update', token, { nickname: '改个名字' }),
    post('/api/label/list', token, { name: '风景', create: 1 }),
    post('/api/material/list', token, {}),
    post('/api/material/delChild', token, { ids: '1' }),
    post('/api/material/save', token, { files: '/oss/creator/image/20261122/u1/00000000000000000000000000000000.png', title: 't', describe: 'd' }),
    post('/admin/account/rolePermissionList', token),
  ];

  it('a type 2 ban from the CLI refuses every call of the old token with -1 and the reason, and ends its upload credentials', async () => {
    const token = await login(harness.app, '13800000006');
    const storage = await fetchToken(harness.app, token);
    const before = await ossInject(harness.app, storage, { method: 'PUT', key: newKey(storage.keyScope), payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(before.statusCode, 200, before.body);

    await ban(harness.database.db, { phone: '13800000006', type: '2', range: '', reason: '发布违规内容' });

    for (const answer of await Promise.all(everyCall(token))) {
      assert.equal(answer.code, ApiCode.TOKEN_EXPIRED, JSON.stringify(answer));
      assert.equal(answer.msg, '账号已被封禁，已退出登录（发布违规内容）');
    }
    const after = await ossInject(harness.app, storage, { method: 'PUT', key: newKey(storage.keyScope), payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(after.statusCode, 403);
    assert.match(after.body, /<Code>InvalidAccessKeyId<\/Code>/);
    const multipart = await ossInject(harness.app, storage, { method: 'POST', key: newKey(storage.keyScope), subres: 'uploads', contentType: 'image/png' });
    assert.equal(multipart.statusCode, 403);

    // The shell's start-up check still learns why, from the old token, and only that.
    const info = body<UserBanInfoAnswer>(await harness.app.inject({ method: 'GET', url: '/service/userban/getUserBanInfo', query: { token } }));
    assert.deepEqual(info, { code: 0, msg: 'success', data: { ban_type: 2, ban_reason: '发布违规内容', ban_range_type: '' } });
    await unban(harness.database.db, '13800000006');
    // Lifting the ban does not bring the revoked session back.
    assert.equal((await get('/api/user/mpBaseUserinfo', token)).code, ApiCode.TOKEN_EXPIRED);
  });

  it('a type 2 ban written straight into the database applies on the next request, and lifting it restores the session', async () => {
    const token = await login(harness.app, '13800000007');
    const storage = await fetchToken(harness.app, token);
    const id = await userId('13800000007');
    await harness.database.db.insertInto('bans').values({ user_id: id, ban_type: 2, ban_range_type: '', reason: '账号异常' }).execute();

    for (const answer of await Promise.all(everyCall(token))) assert.equal(answer.code, ApiCode.TOKEN_EXPIRED, JSON.stringify(answer));
    const put = await ossInject(harness.app, storage, { method: 'PUT', key: newKey(storage.keyScope), payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(put.statusCode, 403);
    // Other users are untouched.
    assert.equal((await get('/api/user/mpBaseUserinfo', await login(harness.app, '13800000001'))).code, ApiCode.OK);

    await harness.database.db.updateTable('bans').set({ active: false, lifted_at: new Date() }).where('user_id', '=', id).execute();
    assert.equal((await get('/api/user/mpBaseUserinfo', token)).code, ApiCode.OK);
    const again = await ossInject(harness.app, storage, { method: 'PUT', key: newKey(storage.keyScope), payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(again.statusCode, 200, again.body);
  });

  it('a token of the seeded ban-2 account (13800000005) is refused everywhere except its own ban info', async () => {
    const { token } = await createSession(harness.database.db, await userId('13800000005'), 1);
    for (const answer of await Promise.all(everyCall(token))) assert.equal(answer.code, ApiCode.TOKEN_EXPIRED, JSON.stringify(answer));
    const info = body<UserBanInfoAnswer>(await harness.app.inject({ method: 'GET', url: '/service/userban/getUserBanInfo', query: { token } }));
    assert.equal(info.data.ban_type, 2);
  });

  it('logout ends the upload credentials handed to that session, not those of another session', async () => {
    const token = await login(harness.app, '13800000001');
    const other = await login(harness.app, '13800000001');
    const storage = await fetchToken(harness.app, token);
    const otherStorage = await fetchToken(harness.app, other);
    assert.equal((await post('/login/admin/quit', token)).code, ApiCode.OK);
    const put = await ossInject(harness.app, storage, { method: 'PUT', key: newKey(storage.keyScope), payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(put.statusCode, 403);
    const still = await ossInject(harness.app, otherStorage, {
      method: 'PUT',
      key: newKey(otherStorage.keyScope),
      payload: SAMPLE.png,
      contentType: 'image/png',
    });
    assert.equal(still.statusCode, 200, still.body);
    // A revoked token of a user who is not banned reads no ban info either.
    const info = body(await harness.app.inject({ method: 'GET', url: '/service/userban/getUserBanInfo', query: { token } }));
    assert.equal(info.code, ApiCode.TOKEN_EXPIRED);
  });

  it('gives the login route a refusal with the reason for a forced-out user (1006), nothing for others', async () => {
    await assert.rejects(refuseForcedLogout(harness.database.db, await userId('13800000005')), (error: Error & { code?: number }) => {
      assert.equal(error.code, ApiCode.BANNED);
      assert.equal(error.message, forcedLogoutMessage('账号存在严重违规行为，已被封禁'));
      return true;
    });
    await refuseForcedLogout(harness.database.db, await userId('13800000003'));
    await refuseForcedLogout(harness.database.db, await userId('13800000001'));
  });
});
