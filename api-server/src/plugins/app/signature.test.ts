import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { ApiCode, SIGN_WINDOW_MS, newNonce } from 'shared-sdk/contract';
import { REPLAYED_MESSAGE, claimNonce, purgeExpiredNonces } from './signature';
import { hashToken } from './sessions';
import { setUpTestApp } from '../../testing/test-app';
import { body, login, signParams, signed } from '../../testing/signed';

describe('signed requests', () => {
  const harness = setUpTestApp();
  let token: string;

  before(async () => {
    token = await login(harness.app, '13800000001');
  });

  const userinfo = { url: '/api/user/mpBaseUserinfo' } as const;

  it('accepts a correctly signed call', async () => {
    const answer = body(await signed(harness.app, { ...userinfo, token }));
    assert.equal(answer.code, ApiCode.OK);
  });

  it('accepts a signed form POST and a signed JSON POST', async () => {
    for (const json of [false, true]) {
      const answer = body(await signed(harness.app, { method: 'POST', url: '/api/microDrama/isHasAuth', token, json }));
      assert.equal(answer.code, ApiCode.OK, `json=${json}`);
    }
  });

  it('refuses a wrong sign', async () => {
    const response = await signed(harness.app, { ...userinfo, token, tamper: { sign: '0'.repeat(32) } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body(response), { code: ApiCode.BAD_SIGNATURE, msg: '签名校验失败：签名不正确', data: null });
  });

  it('refuses a parameter changed after signing', async () => {
    const answer = body(await signed(harness.app, { url: '/api/notice/getMpNoReadNums', params: { type: 0 }, token, tamper: { type: 1 } }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('names each missing field', async () => {
    for (const field of ['timestamp', 'app_id', 'nonce', 'sign']) {
      const answer = body(await signed(harness.app, { ...userinfo, token, tamper: { [field]: undefined } }));
      assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
      assert.match(answer.msg, new RegExp(`缺少参数 ${field}`));
    }
  });

  it('refuses a timestamp 10 minutes old, and one 10 minutes ahead', async () => {
    for (const offset of [-10, 10]) {
      const answer = body(await signed(harness.app, { ...userinfo, token, timestamp: Date.now() + offset * 60_000 }));
      assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
      assert.match(answer.msg, /5分钟/);
    }
  });

  it('refuses a timestamp that is not a number', async () => {
    const answer = body(await signed(harness.app, { ...userinfo, token, timestamp: Number.NaN }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('refuses an unknown app id, even with a sign made for it', async () => {
    const answer = body(await signed(harness.app, { ...userinfo, token, appId: 'someone-else' }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
    assert.match(answer.msg, /app_id/);
  });

  it('refuses a sign made with another secret', async () => {
    const answer = body(await signed(harness.app, { ...userinfo, token, secret: 'guessed' }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('checks the signature before the token and before validation', async () => {
    const answer = body(await signed(harness.app, { url: '/api/notice/getMpNoReadNums', params: { type: 7 }, token: 'nonsense', secret: 'x' }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('answers invalid parameters of a well-signed call with 1002', async () => {
    const answer = body(await signed(harness.app, { url: '/api/notice/getMpNoReadNums', params: { type: 7 }, token }));
    assert.equal(answer.code, ApiCode.INVALID_PARAMS);
    assert.match(answer.msg, /参数错误/);
  });

  it('refuses a malformed nonce', async () => {
    for (const nonce of ['short', 'x'.repeat(65), 'has space in it!!', 'a'.repeat(15)]) {
      const answer = body(await signed(harness.app, { ...userinfo, token, nonce }));
      assert.equal(answer.code, ApiCode.BAD_SIGNATURE, nonce);
      assert.match(answer.msg, /nonce/);
    }
  });

  it('refuses a replayed call: the same nonce twice for a token', async () => {
    const nonce = newNonce();
    const first = body(await signed(harness.app, { method: 'POST', url: '/api/user/update', params: { nickname: '重放一' }, token, nonce }));
    assert.equal(first.code, ApiCode.OK);
    // The exact same request again (also with a fresh timestamp and sign: the nonce is what counts).
    const again = body(await signed(harness.app, { method: 'POST', url: '/api/user/update', params: { nickname: '重放二' }, token, nonce }));
    assert.deepEqual(again, { code: ApiCode.REPLAYED, msg: REPLAYED_MESSAGE, data: null });
    const info = body<{ u_nickname: string }>(await signed(harness.app, { ...userinfo, token }));
    assert.equal(info.data.u_nickname, '重放一');
  });

  it('lets only one of several copies sent at once through', async () => {
    const nonce = newNonce();
    const answers = await Promise.all(Array.from({ length: 8 }, () => signed(harness.app, { ...userinfo, token, nonce }).then(body)));
    assert.equal(answers.filter((answer) => answer.code === ApiCode.OK).length, 1);
    assert.equal(answers.filter((answer) => answer.code === ApiCode.REPLAYED).length, 7);
  });

  it('refuses a replayed login, whatever address sends it', async () => {
    const nonce = newNonce();
    const call = { method: 'POST', url: '/login/admin/login', params: { phone: '13800000002', password: 'demo1234' }, nonce } as const;
    assert.equal(body(await signed(harness.app, call)).code, ApiCode.OK);
    const replay = await harness.app.inject({
      method: 'POST',
      url: call.url,
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signParams(call)).toString(),
    });
    assert.equal(body(replay).code, ApiCode.REPLAYED);
  });

  it('keeps nonces per token: another session may use the same value', async () => {
    const other = await login(harness.app, '13800000006');
    const nonce = newNonce();
    assert.equal(body(await signed(harness.app, { ...userinfo, token, nonce })).code, ApiCode.OK);
    assert.equal(body(await signed(harness.app, { ...userinfo, token: other, nonce })).code, ApiCode.OK);
  });

  it('refuses a body signed for one path on another (material/delChild → draft/del)', async () => {
    const params = { ids: '1', global_ids: 'g1' };
    const moved = body(
      await signed(harness.app, { method: 'POST', url: '/api/draft/del', params, token, signedFor: { method: 'POST', path: '/api/material/delChild' } }),
    );
    assert.deepEqual(moved, { code: ApiCode.BAD_SIGNATURE, msg: '签名校验失败：签名不正确', data: null });
  });

  it('refuses a GET signed as a POST of the same path', async () => {
    const answer = body(await signed(harness.app, { ...userinfo, token, signedFor: { method: 'POST', path: userinfo.url } }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
  });

  it('encodes values unambiguously: a sign for {a: "x&az=y"} does not cover {a: "x", az: "y"}', async () => {
    const answer = body(await signed(harness.app, { ...userinfo, token, params: { a: 'x&az=y' }, tamper: { a: 'x', az: 'y' } }));
    assert.equal(answer.code, ApiCode.BAD_SIGNATURE);
    // The honest call with that value passes.
    assert.equal(body(await signed(harness.app, { ...userinfo, token, params: { a: 'x&az=y' } })).code, ApiCode.OK);
  });

  it('keeps a nonce until its timestamp leaves the window, then deletes it', async () => {
    const timestamp = Date.now();
    const nonce = newNonce();
    assert.equal(body(await signed(harness.app, { ...userinfo, token, nonce, timestamp })).code, ApiCode.OK);
    const row = await harness.database.db.selectFrom('sign_nonces').select('expires_at').where('nonce', '=', nonce).executeTakeFirstOrThrow();
    assert.equal(row.expires_at.getTime(), timestamp + SIGN_WINDOW_MS);

    await purgeExpiredNonces(harness.database.db, new Date(timestamp + SIGN_WINDOW_MS - 1));
    assert.ok(await harness.database.db.selectFrom('sign_nonces').select('nonce').where('nonce', '=', nonce).executeTakeFirst());
    await purgeExpiredNonces(harness.database.db, new Date(timestamp + SIGN_WINDOW_MS + 1));
    assert.equal(await harness.database.db.selectFrom('sign_nonces').select('nonce').where('nonce', '=', nonce).executeTakeFirst(), undefined);
  });

  it('claims a nonce in one statement: the table writes no WAL (UNLOGGED), so the claim waits for no flush', async () => {
    const { rows } = await sql<{ relpersistence: string }>`select relpersistence from pg_class where relname = 'sign_nonces'`.execute(harness.database.db);
    assert.deepEqual(rows, [{ relpersistence: 'u' }]);
  });

  it('claims the nonce of a call with a token and reads its session in the same statement', async () => {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SIGN_WINDOW_MS);
    const nonce = newNonce();
    const first = await claimNonce(harness.database.db, hashToken(token), nonce, expiresAt, now);
    assert.ok(first.claimed);
    assert.equal(first.session?.user.phone, '13800000001');
    assert.equal(first.session?.revoked, false);
    assert.deepEqual(await claimNonce(harness.database.db, hashToken(token), nonce, expiresAt, now), { claimed: false });

    // A token that names no session still spends its nonce: a replay of the call is refused as one.
    const unknown = hashToken('no-such-token');
    assert.deepEqual(await claimNonce(harness.database.db, unknown, nonce, expiresAt, now), { claimed: true, session: null });
    assert.deepEqual(await claimNonce(harness.database.db, unknown, nonce, expiresAt, now), { claimed: false });
    // The session is read as of `now`: past its expiry it is not found.
    const late = await claimNonce(harness.database.db, hashToken(token), newNonce(), expiresAt, new Date('2999-01-01T00:00:00Z'));
    assert.deepEqual(late, { claimed: true, session: null });
  });

  it('refuses a replay before looking at the token, and an unknown token once its nonce is claimed', async () => {
    const nonce = newNonce();
    assert.equal(body(await signed(harness.app, { ...userinfo, token: 'no-such-token', nonce })).code, ApiCode.TOKEN_EXPIRED);
    assert.equal(body(await signed(harness.app, { ...userinfo, token: 'no-such-token', nonce })).code, ApiCode.REPLAYED);
  });

  it('purges expired nonces in batches and keeps the live ones', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const rows = Array.from({ length: 7 }, (_, n) => ({
      scope: 'purge-test',
      nonce: `expired-nonce-${n}-0000`,
      expires_at: new Date(at.getTime() - 1000 - n),
    }));
    await harness.database.db
      .insertInto('sign_nonces')
      .values([...rows, { scope: 'purge-test', nonce: 'live-nonce-000000', expires_at: new Date(at.getTime() + 1000) }])
      .execute();
    assert.ok((await purgeExpiredNonces(harness.database.db, at, 3)) >= 7);
    const left = await harness.database.db.selectFrom('sign_nonces').select('nonce').where('scope', '=', 'purge-test').execute();
    assert.deepEqual(
      left.map((row) => row.nonce),
      ['live-nonce-000000'],
    );
  });

  it('does not ask the runtime calls for a signature', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/runtime/config' });
    assert.equal(body(response).code, ApiCode.OK);
  });
});
