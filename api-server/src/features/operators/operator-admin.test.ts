/**
 * An admin's work on other operators' accounts, through the operator API: role, disable and enable,
 * second factor, password, sessions. Each call in the role × call matrix (admin yes; moderator and
 * viewer 403; a creator's token and a revoked operator token 401), the guards that keep the platform
 * from locking itself out, and the audit row: one exactly when the change happens, naming the admin.
 * The list answers each account's release scope as an admin set it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { setUpTestApp } from '../../testing/test-app';
import { login } from '../../testing/signed';
import { type TestOperator, addTestOperator, operatorCall, signInOperator } from '../../testing/operators';

let admin: TestOperator;
let adminToken: string;
const tokens: Record<string, string> = {};
let creatorToken: string;
let revokedToken: string;

const harness = setUpTestApp({
  prepare: async () => {
    admin = await addTestOperator(harness.database.db, 'admin');
    adminToken = await signInOperator(harness.app, harness.database.db, admin);
    for (const role of ['moderator', 'viewer'])
      tokens[role] = await signInOperator(harness.app, harness.database.db, await addTestOperator(harness.database.db, role));
    creatorToken = await login(harness.app, '13800000001');
    const revoked = await addTestOperator(harness.database.db, 'admin');
    revokedToken = await signInOperator(harness.app, harness.database.db, revoked);
    await harness.database.db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', revoked.id).execute();
  },
});

const call = <T = unknown>(url: string, token: string, payload: Record<string, unknown>) => operatorCall<T>(harness.app, { url, token, payload });
const auditRows = (action: string, targetId: number) =>
  harness.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).execute();
const account = (id: number) => harness.database.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const liveSessions = async (id: number, kind: 'session' | 'token') =>
  (
    await harness.database.db
      .selectFrom('operator_sessions')
      .select('id')
      .where('operator_id', '=', id)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

/** Each admin call on another operator: its URL, a valid body for a target, and the audit action it writes. */
const CALLS = [
  { url: '/api/operator/operators/role', body: (id: number) => ({ id, role: 'moderator', reason: '调岗' }), action: 'operator.role' },
  { url: '/api/operator/operators/disable', body: (id: number) => ({ id, disabled: true, reason: '离职' }), action: 'operator.disable' },
  { url: '/api/operator/operators/reset-totp', body: (id: number) => ({ id, reason: '手机丢失' }), action: 'operator.totp_reset' },
  { url: '/api/operator/operators/reset-password', body: (id: number) => ({ id, reason: '忘记密码' }), action: 'operator.password_reset' },
  { url: '/api/operator/operators/revoke-sessions', body: (id: number) => ({ id, reason: '设备丢失' }), action: 'operator.sessions_revoke' },
] as const;

describe('admin calls on operator accounts: role × call matrix', () => {
  for (const entry of CALLS) {
    it(`${entry.url}: admin yes (one row), moderator and viewer 403, creator and revoked tokens 401 (no row, no change)`, async () => {
      const target = await addTestOperator(harness.database.db, 'viewer');
      await signInOperator(harness.app, harness.database.db, target);
      const before = await account(target.id);
      for (const token of [creatorToken, revokedToken]) {
        const refused = await call(entry.url, token, entry.body(target.id));
        assert.equal(refused.status, 401, entry.url);
        assert.equal(refused.body.code, ApiCode.TOKEN_EXPIRED);
      }
      for (const role of ['moderator', 'viewer']) {
        const refused = await call(entry.url, tokens[role]!, entry.body(target.id));
        assert.equal(refused.status, 403, `${role} ${entry.url}`);
        assert.equal(refused.body.code, ApiCode.FORBIDDEN);
      }
      assert.deepEqual(await account(target.id), before);
      assert.equal((await auditRows(entry.action, target.id)).length, 0);
      assert.equal(await liveSessions(target.id, 'session'), 1);

      const done = await call(entry.url, adminToken, entry.body(target.id));
      assert.equal(done.body.code, ApiCode.OK, `${entry.url}: ${done.body.msg}`);
      const rows = await auditRows(entry.action, target.id);
      assert.equal(rows.length, 1, entry.action);
      assert.equal(rows[0]!.operator_id, admin.id);
      assert.equal(rows[0]!.operator_name, admin.name);
      assert.equal(rows[0]!.role, 'admin');
      assert.equal(rows[0]!.reason, (entry.body(target.id) as { reason: string }).reason);
      assert.ok(rows[0]!.before !== null && rows[0]!.after !== null);
    });
  }
});

describe('resetting another operator’s password', () => {
  it('shows a new password once that signs in; the old one fails; console sessions end, tokens stay', async () => {
    const target = await addTestOperator(harness.database.db, 'moderator');
    const session = await signInOperator(harness.app, harness.database.db, target);
    const token = await call<{ token: string }>('/api/operator/tokens/create', session, { name: 'cli' });
    const personal = token.body.data.token;
    const reset = await call<{ password: string; operator: { id: number } }>('/api/operator/operators/reset-password', adminToken, {
      id: target.id,
      reason: '忘记密码',
    });
    assert.equal(reset.body.code, ApiCode.OK, reset.body.msg);
    const { password } = reset.body.data;
    assert.ok(password.length >= 10 && password !== target.password);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: session })).status, 401);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: personal })).body.code, ApiCode.OK);
    const row = (await auditRows('operator.password_reset', target.id))[0]!;
    // The password itself is in no row.
    assert.ok(!JSON.stringify(row).includes(password));
    assert.deepEqual((row.after as { live_sessions: number }).live_sessions, 0);
    const signIn = await harness.app.inject({ method: 'POST', url: '/api/operator/session/password', payload: { name: target.name, password } });
    assert.equal(signIn.json().code, ApiCode.OK);
    const old = await harness.app.inject({ method: 'POST', url: '/api/operator/session/password', payload: { name: target.name, password: target.password } });
    assert.equal(old.json().code, ApiCode.LOGIN_FAILED);
  });

  it('needs a reason, refuses oneself and an unknown id, and leaves no row', async () => {
    const target = await addTestOperator(harness.database.db, 'viewer');
    const before = await account(target.id);
    assert.equal((await call('/api/operator/operators/reset-password', adminToken, { id: target.id, reason: '   ' })).body.code, ApiCode.INVALID_PARAMS);
    assert.equal((await call('/api/operator/operators/reset-password', adminToken, { id: target.id })).body.code, ApiCode.INVALID_PARAMS);
    assert.equal((await call('/api/operator/operators/reset-password', adminToken, { id: admin.id, reason: 'x' })).body.code, ApiCode.CONFLICT);
    assert.equal((await call('/api/operator/operators/reset-password', adminToken, { id: 999_999, reason: 'x' })).body.code, ApiCode.NOT_FOUND);
    assert.deepEqual(await account(target.id), before);
    assert.equal((await auditRows('operator.password_reset', target.id)).length, 0);
    assert.equal((await auditRows('operator.password_reset', admin.id)).length, 0);
  });
});

describe('ending another operator’s sessions', () => {
  it('ends console sessions only, or with tokens also the personal tokens; nothing live is refused with no row', async () => {
    const target = await addTestOperator(harness.database.db, 'moderator');
    const first = await signInOperator(harness.app, harness.database.db, target);
    const second = await signInOperator(harness.app, harness.database.db, target);
    const personal = (await call<{ token: string }>('/api/operator/tokens/create', first, { name: 'cli' })).body.data.token;

    const sessionsOnly = await call<{ sessions: number; tokens: number }>('/api/operator/operators/revoke-sessions', adminToken, {
      id: target.id,
      reason: '可疑登录',
    });
    assert.equal(sessionsOnly.body.code, ApiCode.OK, sessionsOnly.body.msg);
    assert.deepEqual([sessionsOnly.body.data.sessions, sessionsOnly.body.data.tokens], [2, 0]);
    for (const token of [first, second]) assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token })).status, 401);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: personal })).body.code, ApiCode.OK);
    const [row] = await auditRows('operator.sessions_revoke', target.id);
    assert.deepEqual(row!.before, { live_sessions: 2, live_tokens: 1 });
    assert.deepEqual(row!.after, { live_sessions: 0, live_tokens: 1 });

    // Nothing live left to end without tokens: refused, no second row.
    assert.equal((await call('/api/operator/operators/revoke-sessions', adminToken, { id: target.id, reason: '再次' })).body.code, ApiCode.CONFLICT);
    assert.equal((await auditRows('operator.sessions_revoke', target.id)).length, 1);

    const withTokens = await call<{ sessions: number; tokens: number }>('/api/operator/operators/revoke-sessions', adminToken, {
      id: target.id,
      tokens: true,
      reason: '离职交接',
    });
    assert.deepEqual([withTokens.body.data.sessions, withTokens.body.data.tokens], [0, 1]);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: personal })).status, 401);
    assert.equal((await auditRows('operator.sessions_revoke', target.id)).length, 2);
  });

  it('refuses oneself (sign out instead)', async () => {
    const answer = await call('/api/operator/operators/revoke-sessions', adminToken, { id: admin.id, tokens: true, reason: 'x' });
    assert.equal(answer.body.code, ApiCode.CONFLICT);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: adminToken })).body.code, ApiCode.OK);
    assert.equal((await auditRows('operator.sessions_revoke', admin.id)).length, 0);
  });
});

describe('no lock-out', () => {
  it('an admin cannot demote, disable or reset the second factor of themself; a no-op change is refused without a row', async () => {
    const before = await account(admin.id);
    for (const [url, body] of [
      ['/api/operator/operators/role', { id: admin.id, role: 'viewer', reason: 'x' }],
      ['/api/operator/operators/disable', { id: admin.id, disabled: true, reason: 'x' }],
      ['/api/operator/operators/reset-totp', { id: admin.id, reason: 'x' }],
    ] as const) {
      assert.equal((await call(url, adminToken, body)).body.code, ApiCode.CONFLICT, url);
    }
    assert.deepEqual(await account(admin.id), before);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/session', token: adminToken })).body.code, ApiCode.OK);
    const rows = await harness.database.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target_id', '=', String(admin.id))
      .where('target_type', '=', 'operator')
      .execute();
    assert.ok(
      rows.every((row) => ['operator.sign_in', 'operator.totp_enrol'].includes(row.action)),
      rows.map((row) => row.action).join(),
    );

    const viewer = await addTestOperator(harness.database.db, 'viewer');
    assert.equal((await call('/api/operator/operators/role', adminToken, { id: viewer.id, role: 'viewer' })).body.code, ApiCode.CONFLICT);
    assert.equal((await call('/api/operator/operators/disable', adminToken, { id: viewer.id, disabled: false })).body.code, ApiCode.CONFLICT);
    assert.equal((await auditRows('operator.role', viewer.id)).length, 0);
    assert.equal((await auditRows('operator.enable', viewer.id)).length, 0);
    // A second factor reset twice: the second finds no secret to clear.
    assert.equal((await call('/api/operator/operators/reset-totp', adminToken, { id: viewer.id, reason: '手机丢失' })).body.code, ApiCode.OK);
    assert.equal((await call('/api/operator/operators/reset-totp', adminToken, { id: viewer.id, reason: '再次' })).body.code, ApiCode.CONFLICT);
    assert.equal((await auditRows('operator.totp_reset', viewer.id)).length, 1);
  });

  it('the last enabled admin stays: a second admin is demoted and disabled, then re-enabled with a row each', async () => {
    const second = await addTestOperator(harness.database.db, 'admin');
    const secondToken = await signInOperator(harness.app, harness.database.db, second);
    // Every other enabled admin but these two is disabled first, so `admin` is the last one when `second` goes.
    const others = await harness.database.db.selectFrom('operators').select('id').where('role', '=', 'admin').where('disabled', '=', false).execute();
    for (const { id } of others)
      if (id !== admin.id && id !== second.id) await harness.database.db.updateTable('operators').set({ disabled: true }).where('id', '=', id).execute();
    assert.equal((await call('/api/operator/operators/role', adminToken, { id: second.id, role: 'moderator', reason: '调岗' })).body.code, ApiCode.OK);
    // `second` is a moderator now, at once: operator management is refused.
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/operators', token: secondToken })).status, 403);
    assert.equal((await call('/api/operator/operators/disable', adminToken, { id: second.id, disabled: true, reason: '离职' })).body.code, ApiCode.OK);
    assert.equal((await call('/api/operator/operators/disable', adminToken, { id: second.id, disabled: false, reason: '返岗' })).body.code, ApiCode.OK);
    assert.deepEqual(
      (await auditRows('operator.enable', second.id)).map((row) => [
        row.before && (row.before as { disabled: boolean }).disabled,
        (row.after as { disabled: boolean }).disabled,
      ]),
      [[true, false]],
    );
    // The one enabled admin left cannot remove themself in any way.
    assert.equal((await call('/api/operator/operators/role', adminToken, { id: admin.id, role: 'moderator', reason: 'x' })).body.code, ApiCode.CONFLICT);
    assert.equal((await call('/api/operator/operators/disable', adminToken, { id: admin.id, disabled: true, reason: 'x' })).body.code, ApiCode.CONFLICT);
    assert.equal((await account(admin.id)).role, 'admin');
  });
});

describe('a release manager’s scope in the operator list', () => {
  it('answers the scope an admin set with each row, and null for an account whose scope was never set', async () => {
    const manager = await addTestOperator(harness.database.db, 'release_manager');
    const unset = await addTestOperator(harness.database.db, 'release_manager');
    const set = await call('/api/operator/operators/release-scope', adminToken, {
      id: manager.id,
      remotes: ['mf-tools', 'mf-editor'],
      envs: ['production'],
      reason: '工具组发布',
    });
    assert.equal(set.body.code, ApiCode.OK);
    const list = await operatorCall<Array<{ id: number; release_scope: { remotes: string[]; envs: string[] } | null }>>(harness.app, {
      url: '/api/operator/operators',
      token: adminToken,
    });
    assert.equal(list.body.code, ApiCode.OK);
    const scopeOf = (id: number) => list.body.data.find((row) => row.id === id)?.release_scope;
    assert.deepEqual(scopeOf(manager.id), { remotes: ['mf-editor', 'mf-tools'], envs: ['production'] });
    assert.equal(scopeOf(unset.id), null);
    assert.equal(scopeOf(admin.id), null);
  });
});
