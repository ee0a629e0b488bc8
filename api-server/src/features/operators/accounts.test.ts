/** Operator accounts: sign-in with password and TOTP (enrolment once, wrong and replayed codes), sessions, tokens, passwords. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { OPERATOR_SESSION_COOKIE } from 'shared-sdk/contract/operator-roles';
import { setUpTestApp } from '../../testing/test-app';
import { login } from '../../testing/signed';
import { type TestOperator, addTestOperator, operatorCall, signInOperator } from '../../testing/operators';
import { OPERATOR_MESSAGES, newPassword } from './accounts';
import { totpCode, totpStep } from './totp';

let admin: TestOperator;
let adminToken: string;

const harness = setUpTestApp({
  prepare: async () => {
    admin = await addTestOperator(harness.database.db, 'admin');
    adminToken = await signInOperator(harness.app, harness.database.db, admin);
  },
});

const post = (url: string, payload: Record<string, unknown>, ip = '192.0.2.1') =>
  harness.app.inject({ method: 'POST', url, payload, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }));

describe('operator sign-in', () => {
  it('enrols a console-added operator: the QR code once, then the first right code opens a session', async () => {
    const added = await operatorCall<{ initial_password: string; operator: { id: number; totp_enrolled: boolean } }>(harness.app, {
      url: '/api/operator/operators/add',
      token: adminToken,
      payload: { name: 'new.moderator', role: 'moderator' },
    });
    assert.equal(added.body.code, ApiCode.OK, added.body.msg);
    assert.equal(added.body.data.operator.totp_enrolled, false);
    const password = added.body.data.initial_password;
    assert.ok(password.length >= 10);

    const step1 = await post('/api/operator/session/password', { name: 'new.moderator', password });
    assert.equal(step1.body.code, ApiCode.OK);
    assert.equal(step1.body.data.next, 'enrol');
    const { challenge } = step1.body.data;

    const enrol = await post('/api/operator/session/enrol', { challenge });
    assert.equal(enrol.body.code, ApiCode.OK);
    assert.match(enrol.body.data.otpauth_url, /^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    assert.match(enrol.body.data.qr_data_url, /^data:image\/png;base64,/);
    const secret = enrol.body.data.secret as string;

    // Shown once: asking again (even with a new challenge) is refused.
    assert.equal((await post('/api/operator/session/enrol', { challenge })).body.code, ApiCode.CONFLICT);
    const again = await post('/api/operator/session/password', { name: 'new.moderator', password });
    assert.equal(again.body.data.next, 'totp');
    assert.deepEqual((await post('/api/operator/session/enrol', { challenge: again.body.data.challenge })).body, {
      code: ApiCode.CONFLICT,
      msg: OPERATOR_MESSAGES.ALREADY_SHOWN,
      data: null,
    });

    // A wrong code is refused; the right one opens the session and completes the enrolment.
    const wrong = await post('/api/operator/session/totp', { challenge, code: totpCode(secret, Date.now() + 10 * 60_000) });
    assert.deepEqual(wrong.body, { code: ApiCode.LOGIN_FAILED, msg: OPERATOR_MESSAGES.CODE_FAILED, data: null });
    const right = await post('/api/operator/session/totp', { challenge, code: totpCode(secret) });
    assert.equal(right.body.code, ApiCode.OK, right.body.msg);
    assert.equal(right.body.data.operator.role, 'moderator');
    assert.deepEqual(right.body.data.operator.permissions, ['self', 'read', 'moderate']);
    const cookie = String(right.headers['set-cookie']);
    assert.match(cookie, new RegExp(`^${OPERATOR_SESSION_COOKIE}=[\\w-]+; Path=/api/operator; Max-Age=\\d+; HttpOnly; SameSite=Strict`));

    // The cookie alone authenticates the console.
    const session = await operatorCall(harness.app, { url: '/api/operator/session', cookie: cookie.split(';')[0] });
    assert.equal(session.body.code, ApiCode.OK);
    const row = await harness.database.db.selectFrom('operators').select('totp_enrolled').where('name', '=', 'new.moderator').executeTakeFirstOrThrow();
    assert.equal(row.totp_enrolled, true);
  });

  it('refuses a code replayed within its window, even on a new challenge, and a used challenge', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    await harness.database.db.updateTable('operators').set({ totp_last_step: 0 }).where('id', '=', operator.id).execute();
    const code = totpCode(operator.secret);
    const first = await post('/api/operator/session/password', { name: operator.name, password: operator.password });
    assert.equal((await post('/api/operator/session/totp', { challenge: first.body.data.challenge, code })).body.code, ApiCode.OK);
    // The challenge is used up.
    assert.equal((await post('/api/operator/session/totp', { challenge: first.body.data.challenge, code })).status, 401);
    // The same code on a fresh challenge: refused.
    const second = await post('/api/operator/session/password', { name: operator.name, password: operator.password });
    assert.deepEqual((await post('/api/operator/session/totp', { challenge: second.body.data.challenge, code })).body, {
      code: ApiCode.LOGIN_FAILED,
      msg: OPERATOR_MESSAGES.CODE_FAILED,
      data: null,
    });
    // A code of an earlier step than the last one used: refused too.
    const earlier = totpCode(operator.secret, Date.now() - 30_000);
    assert.equal((await post('/api/operator/session/totp', { challenge: second.body.data.challenge, code: earlier })).body.code, ApiCode.LOGIN_FAILED);
    // The next step's code is accepted (the authenticator's clock may run ahead by one step).
    const next = totpCode(operator.secret, (totpStep(Date.now()) + 1) * 30_000);
    assert.equal((await post('/api/operator/session/totp', { challenge: second.body.data.challenge, code: next })).body.code, ApiCode.OK);
  });

  it('gives one answer for an unknown name and a wrong password, and refuses a disabled account', async () => {
    const failed = { code: ApiCode.LOGIN_FAILED, msg: OPERATOR_MESSAGES.SIGN_IN_FAILED, data: null };
    assert.deepEqual((await post('/api/operator/session/password', { name: 'nobody', password: 'whatever1234' }, '192.0.2.2')).body, failed);
    assert.deepEqual((await post('/api/operator/session/password', { name: admin.name, password: 'wrong-password' }, '192.0.2.2')).body, failed);
    const operator = await addTestOperator(harness.database.db, 'viewer');
    await harness.database.db.updateTable('operators').set({ disabled: true }).where('id', '=', operator.id).execute();
    assert.equal(
      (await post('/api/operator/session/password', { name: operator.name, password: operator.password }, '192.0.2.2')).body.code,
      ApiCode.FORBIDDEN,
    );
  });

  it('throttles password guesses as creators’ login does: 5 failures lock the address out of that name', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    for (let i = 0; i < 5; i += 1) {
      assert.equal(
        (await post('/api/operator/session/password', { name: operator.name, password: `bad-${i}-guess` }, '203.0.113.50')).body.code,
        ApiCode.LOGIN_FAILED,
      );
    }
    assert.equal(
      (await post('/api/operator/session/password', { name: operator.name, password: operator.password }, '203.0.113.50')).body.code,
      ApiCode.TOO_MANY_ATTEMPTS,
    );
    // The operator from their own address is not locked out.
    assert.equal((await post('/api/operator/session/password', { name: operator.name, password: operator.password }, '192.0.2.60')).body.code, ApiCode.OK);
  });

  it('throttles code guesses per operator', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    const { challenge } = (await post('/api/operator/session/password', { name: operator.name, password: operator.password }, '203.0.113.51')).body.data;
    const wrong = totpCode(operator.secret, Date.now() + 3_600_000);
    for (let i = 0; i < 5; i += 1)
      assert.equal((await post('/api/operator/session/totp', { challenge, code: wrong }, '203.0.113.51')).body.code, ApiCode.LOGIN_FAILED);
    assert.equal(
      (await post('/api/operator/session/totp', { challenge, code: totpCode(operator.secret) }, '203.0.113.51')).body.code,
      ApiCode.TOO_MANY_ATTEMPTS,
    );
  });
});

describe('generated passwords', () => {
  it('are 16 characters of base64url that a command line takes as a value: none starts with -', () => {
    // One in 64 would, without the rule: 2,000 draws find one with near certainty.
    const passwords = Array.from({ length: 2000 }, newPassword);
    assert.ok(passwords.every((password) => /^[A-Za-z0-9_][A-Za-z0-9_-]{15}$/.test(password)));
    assert.equal(new Set(passwords).size, passwords.length);
  });
});

describe('operator sessions and tokens', () => {
  it('ends a session at sign-out, and when it expires', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    const token = await signInOperator(harness.app, harness.database.db, operator);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token })).body.code, ApiCode.OK);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session/sign-out', token, payload: {} })).body.code, ApiCode.OK);
    const after = await operatorCall(harness.app, { url: '/api/operator/session', token });
    assert.equal(after.status, 401);
    assert.equal(after.body.code, ApiCode.TOKEN_EXPIRED);

    const other = await signInOperator(harness.app, harness.database.db, operator);
    await harness.database.db
      .updateTable('operator_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('operator_id', '=', operator.id)
      .execute();
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: other })).status, 401);
  });

  it('changes the password: a wrong current one is refused, other sessions end, this one stays', async () => {
    const operator = await addTestOperator(harness.database.db, 'moderator');
    const here = await signInOperator(harness.app, harness.database.db, operator);
    const elsewhere = await signInOperator(harness.app, harness.database.db, operator);
    const change = (old_password: string) =>
      operatorCall(harness.app, { url: '/api/operator/password', token: here, payload: { old_password, new_password: 'a-new-long-password' } });
    assert.equal((await change('not-it-at-all')).body.code, ApiCode.FORBIDDEN);
    assert.equal((await change(operator.password)).body.code, ApiCode.OK);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: here })).body.code, ApiCode.OK);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: elsewhere })).status, 401);
    const signIn = await post('/api/operator/session/password', { name: operator.name, password: 'a-new-long-password' });
    assert.equal(signIn.body.code, ApiCode.OK);
  });

  it('creates a personal token shown once, lists it without the secret, and revokes it', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    const session = await signInOperator(harness.app, harness.database.db, operator);
    const created = await operatorCall<{ token: string; info: { id: number; hint: string } }>(harness.app, {
      url: '/api/operator/tokens/create',
      token: session,
      payload: { name: 'laptop cli' },
    });
    assert.equal(created.body.code, ApiCode.OK);
    const { token, info } = created.body.data;
    assert.match(token, /^mfop_[\w-]{40,}$/);
    assert.ok(token.startsWith(info.hint.replace('…', '')));
    const me = await operatorCall<{ via: string; name: string }>(harness.app, { url: '/api/operator/session', token });
    assert.equal(me.body.data.via, 'token');
    assert.equal(me.body.data.name, operator.name);
    const listed = await operatorCall(harness.app, { url: '/api/operator/tokens', token: session });
    assert.ok(!JSON.stringify(listed.body).includes(token));
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/tokens/revoke', token: session, payload: { id: info.id } })).body.code, ApiCode.OK);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token })).status, 401);
    // Another viewer cannot revoke someone else's token.
    const stranger = await signInOperator(harness.app, harness.database.db, await addTestOperator(harness.database.db, 'viewer'));
    assert.equal(
      (await operatorCall(harness.app, { url: '/api/operator/tokens/revoke', token: stranger, payload: { id: info.id } })).body.code,
      ApiCode.NOT_FOUND,
    );
  });

  it('refuses a personal token whose name is empty or blank, and makes none', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    const session = await signInOperator(harness.app, harness.database.db, operator);
    for (const name of ['', '   ', '\u3000\t']) {
      const refused = await operatorCall(harness.app, { url: '/api/operator/tokens/create', token: session, payload: { name } });
      assert.ok(refused.status < 500, `${JSON.stringify(name)}: ${refused.status}`);
      assert.equal(refused.body.code, ApiCode.INVALID_PARAMS, JSON.stringify(name));
      if (name) assert.equal(refused.body.msg, '参数错误：须填写令牌名称');
    }
    const listed = await operatorCall<unknown[]>(harness.app, { url: '/api/operator/tokens', token: session });
    assert.deepEqual(listed.body.data, []);
  });

  it("gives a creator's token nothing, and an operator's token acts as no creator", async () => {
    const creator = await login(harness.app, '13800000001');
    const asBearer = await operatorCall(harness.app, { url: '/api/operator/session', token: creator });
    assert.equal(asBearer.status, 401);
    const asParam = await harness.app.inject({ method: 'GET', url: '/api/operator/session', query: { token: creator } });
    assert.equal(asParam.statusCode, 401);
    const asCreator = await harness.app.inject({ method: 'GET', url: '/api/user/mpBaseUserinfo', query: { token: adminToken } });
    assert.notEqual(asCreator.json().code, ApiCode.OK);
  });

  it('disabling an operator ends their sessions and tokens at once; the last admin cannot be disabled or demoted', async () => {
    const operator = await addTestOperator(harness.database.db, 'moderator');
    const token = await signInOperator(harness.app, harness.database.db, operator);
    const disabled = await operatorCall(harness.app, {
      url: '/api/operator/operators/disable',
      token: adminToken,
      payload: { id: operator.id, disabled: true, reason: '离职' },
    });
    assert.equal(disabled.body.code, ApiCode.OK);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token })).status, 401);
    assert.equal(
      (await operatorCall(harness.app, { url: '/api/operator/operators/disable', token: adminToken, payload: { id: admin.id, disabled: true } })).body.code,
      ApiCode.CONFLICT,
    );
    const admins = await harness.database.db.selectFrom('operators').select('id').where('role', '=', 'admin').where('disabled', '=', false).execute();
    if (admins.length === 1) {
      assert.equal(
        (await operatorCall(harness.app, { url: '/api/operator/operators/role', token: adminToken, payload: { id: admin.id, role: 'viewer' } })).body.code,
        ApiCode.CONFLICT,
      );
    }
  });
});
