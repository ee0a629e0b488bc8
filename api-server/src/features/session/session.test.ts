import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ApiCode, type LoginAnswer } from 'shared-sdk/contract';
import { hashToken } from '../../plugins/app/sessions';
import { buildTestApp } from '../../testing/test-app';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';
import { body, login, signed } from '../../testing/signed';

const EXPIRED = { code: ApiCode.TOKEN_EXPIRED, msg: '登录已过期，请重新登录', data: null };

describe('login, tokens and logout', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database);
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  const attempt = (phone: string, password: string) =>
    signed(app, { method: 'POST', url: '/login/admin/login', params: { phone, password } }).then((r) => body<LoginAnswer>(r));
  const userinfo = (token?: string) => signed(app, { url: '/api/user/mpBaseUserinfo', token }).then((r) => body(r));

  it('logs in with the right password and returns a token with its expiry', async () => {
    const answer = await attempt('13800000001', 'demo1234');
    assert.equal(answer.code, ApiCode.OK);
    assert.match(answer.data.token, /^[\w-]{40,}$/);
    const hours = (Date.parse(answer.data.expires_at) - Date.now()) / 3_600_000;
    assert.ok(hours > 71 && hours <= 72, `expires in ${hours} h`);
    assert.equal((await userinfo(answer.data.token)).code, ApiCode.OK);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(app, '13800000002');
    const rows = await database.db.selectFrom('sessions').select('token_hash').execute();
    assert.ok(rows.some((row) => row.token_hash === hashToken(token)));
    assert.ok(rows.every((row) => row.token_hash !== token));
  });

  it('says which of account and password is wrong', async () => {
    assert.deepEqual(await attempt('13899999999', 'demo1234'), { code: ApiCode.LOGIN_FAILED, msg: '账号不存在', data: null });
    assert.deepEqual(await attempt('13800000006', 'wrong'), { code: ApiCode.LOGIN_FAILED, msg: '密码错误', data: null });
  });

  it('refuses login without phone or password as invalid parameters', async () => {
    const answer = body(await signed(app, { method: 'POST', url: '/login/admin/login', params: { phone: '13800000001' } }));
    assert.equal(answer.code, ApiCode.INVALID_PARAMS);
  });

  it('throttles a phone after 5 failures in 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i += 1) assert.equal((await attempt('13800000004', `bad-${i}`)).code, ApiCode.LOGIN_FAILED);
    assert.deepEqual(await attempt('13800000004', 'demo1234'), {
      code: ApiCode.TOO_MANY_ATTEMPTS,
      msg: '尝试次数过多，请15分钟后再试',
      data: null,
    });
    // Another account is not affected.
    assert.equal((await attempt('13800000003', 'demo1234')).code, ApiCode.OK);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < 5; i += 1) await attempt('13800000007', 'bad');
    await database.db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) } as never)
      .where('phone', '=', '13800000007')
      .execute();
    assert.equal((await attempt('13800000007', 'demo1234')).code, ApiCode.OK);
  });

  it('answers -1 for a missing or unknown token', async () => {
    assert.deepEqual(await userinfo(undefined), EXPIRED);
    assert.deepEqual(await userinfo('not-a-token'), EXPIRED);
  });

  it('answers -1 for an expired token', async () => {
    const token = await login(app, '13800000005');
    await database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(token)).execute();
    assert.deepEqual(await userinfo(token), EXPIRED);
  });

  it('revokes the token on quit', async () => {
    const token = await login(app, '13800000001');
    const other = await login(app, '13800000001');
    const quit = body(await signed(app, { method: 'POST', url: '/login/admin/quit', token }));
    assert.equal(quit.code, ApiCode.OK);
    assert.deepEqual(await userinfo(token), EXPIRED);
    assert.deepEqual(body(await signed(app, { method: 'POST', url: '/login/admin/quit', token })), EXPIRED);
    // Only that session ends: the same user on another device stays logged in.
    assert.equal((await userinfo(other)).code, ApiCode.OK);
  });
});
