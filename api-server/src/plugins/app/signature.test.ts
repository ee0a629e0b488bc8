import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ApiCode } from 'shared-sdk/contract';
import { buildTestApp } from '../../testing/test-app';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';
import { body, login, signed } from '../../testing/signed';

describe('signed requests', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;

  before(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database);
    token = await login(app, '13800000001');
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  const userinfo = { url: '/api/user/mpBaseUserinfo' } as const;

  it('accepts a correctly signed call', async () => {
    const answer = body(await signed(app, { ...userinfo, token }));
    assert.equal(answer.code, ApiCode.OK);
  });

  it('accepts a signed form POST and a signed JSON POST', async () => {
    for (const json of [false, true]) {
      const answer = body(await signed(app, { method: 'POST', url: '/api/microDrama/isHasAuth', token, json }));
      assert.equal(answer.code, ApiCode.OK, `json=${json}`);
    }
  });

  it('refuses a wrong sign', async () => {
    const response = await signed(app, { ...userinfo, token, tamper: { sign: '0'.repeat(32) } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body(response), { code: ApiCode.BAD_SIGNATURE, msg: '签名校验失败：签名不正确', data: null });
  });

  it('refuses a parameter changed after signing', async () => {
    const answer = body(await signed(app, { url: '/api/notice/getMpNoReadNums', params: { type: 0 }, token, tamper: { type: 1 } }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('names each missing field', async () => {
    for (const field of ['timestamp', 'app_id', 'sign']) {
      const answer = body(await signed(app, { ...userinfo, token, tamper: { [field]: undefined } }));
      assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
      assert.match(answer.msg, new RegExp(`缺少参数 ${field}`));
    }
  });

  it('refuses a timestamp 10 minutes old, and one 10 minutes ahead', async () => {
    for (const offset of [-10, 10]) {
      const answer = body(await signed(app, { ...userinfo, token, timestamp: Date.now() + offset * 60_000 }));
      assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
      assert.match(answer.msg, /5分钟/);
    }
  });

  it('refuses a timestamp that is not a number', async () => {
    const answer = body(await signed(app, { ...userinfo, token, timestamp: Number.NaN }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('refuses an unknown app id, even with a sign made for it', async () => {
    const answer = body(await signed(app, { ...userinfo, token, appId: 'someone-else' }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
    assert.match(answer.msg, /app_id/);
  });

  it('refuses a sign made with another secret', async () => {
    const answer = body(await signed(app, { ...userinfo, token, secret: 'guessed' }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('checks the signature before the token and before validation', async () => {
    const answer = body(await signed(app, { url: '/api/notice/getMpNoReadNums', params: { type: 7 }, token: 'nonsense', secret: 'x' }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('answers invalid parameters of a well-signed call with 1002', async () => {
    const answer = body(await signed(app, { url: '/api/notice/getMpNoReadNums', params: { type: 7 }, token }));
    assert.equal(answer.code, ApiCode.INVALID_PARAMS);
    assert.match(answer.msg, /参数错误/);
  });

  it('does not ask the runtime calls for a signature', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/runtime/config' });
    assert.equal(body(response).code, ApiCode.OK);
  });
});
