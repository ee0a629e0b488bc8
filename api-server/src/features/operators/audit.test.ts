/** The audit trail: a row exactly when the change happens, in its transaction; append-only; filtered and exported. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { AUDIT_ACTIONS } from 'shared-sdk/contract/audit-actions';
import { setUpTestApp } from '../../testing/test-app';
import { type TestOperator, addTestOperator, operatorCall, signInOperator } from '../../testing/operators';
import type { OperatorActor } from './accounts';
import { audited, csvField } from './audit';

let admin: TestOperator;
let adminToken: string;

const harness = setUpTestApp({
  prepare: async () => {
    admin = await addTestOperator(harness.database.db, 'admin');
    adminToken = await signInOperator(harness.app, harness.database.db, admin, '198.51.100.7');
  },
});

const rows = (action: string) => harness.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action).execute();

describe('audit trail', () => {
  it('writes one row naming the operator, role, target, before and after, reason and address', async () => {
    const operator = await addTestOperator(harness.database.db, 'viewer');
    const answer = await operatorCall(harness.app, {
      url: '/api/operator/operators/role',
      token: adminToken,
      payload: { id: operator.id, role: 'moderator', reason: '调岗' },
    });
    assert.equal(answer.body.code, ApiCode.OK);
    const [row, ...more] = (await rows('operator.role')).filter((r) => r.target_id === String(operator.id));
    assert.equal(more.length, 0);
    assert.ok(row);
    assert.equal(row.operator_id, admin.id);
    assert.equal(row.operator_name, admin.name);
    assert.equal(row.role, 'admin');
    assert.equal(row.target_type, 'operator');
    assert.deepEqual(row.before, { role: 'viewer' });
    assert.deepEqual(row.after, { role: 'moderator' });
    assert.equal(row.reason, '调岗');
    assert.equal(row.ip, '127.0.0.1');
  });

  it('leaves no row when the change is refused (a name taken), and no change without its row', async () => {
    const before = (await rows('operator.add')).length;
    const taken = await operatorCall(harness.app, { url: '/api/operator/operators/add', token: adminToken, payload: { name: admin.name, role: 'viewer' } });
    assert.equal(taken.body.code, ApiCode.CONFLICT);
    assert.equal((await rows('operator.add')).length, before);

    // A change that fails midway (after its first statement) leaves neither the change nor a row.
    const actor: OperatorActor = { id: admin.id, name: admin.name, role: 'admin', credentialId: null, via: 'session', expiresAt: null, ip: 'test' };
    const victim = await addTestOperator(harness.database.db, 'viewer');
    await assert.rejects(
      audited(harness.database.db, actor, async (tx, record) => {
        await tx.updateTable('operators').set({ role: 'admin' }).where('id', '=', victim.id).execute();
        record({ action: 'operator.role', targetType: 'operator', targetId: victim.id, before: { role: 'viewer' }, after: { role: 'admin' } });
        throw new Error('the second step failed');
      }),
      /the second step failed/,
    );
    const row = await harness.database.db.selectFrom('operators').select('role').where('id', '=', victim.id).executeTakeFirstOrThrow();
    assert.equal(row.role, 'viewer');
    assert.equal((await rows('operator.role')).filter((r) => r.target_id === String(victim.id)).length, 0);

    // A change that records no row is rolled back.
    await assert.rejects(
      audited(harness.database.db, actor, async (tx) => {
        await tx.updateTable('operators').set({ role: 'admin' }).where('id', '=', victim.id).execute();
      }),
      /recorded no audit row/,
    );
    assert.equal((await harness.database.db.selectFrom('operators').select('role').where('id', '=', victim.id).executeTakeFirstOrThrow()).role, 'viewer');
  });

  it('refuses to update, delete or truncate a row', async () => {
    const [row] = await rows('operator.role');
    assert.ok(row);
    await assert.rejects(harness.database.db.updateTable('operator_audit').set({ reason: 'rewritten' }).where('id', '=', row.id).execute(), /append-only/);
    await assert.rejects(harness.database.db.deleteFrom('operator_audit').where('id', '=', row.id).execute(), /append-only/);
    await assert.rejects(
      harness.database.db.executeQuery({ sql: 'truncate operator_audit', parameters: [], query: { kind: 'RawNode' } } as never),
      /append-only/,
    );
    assert.equal((await rows('operator.role')).length >= 1, true);
  });

  it('lists rows newest first with filters, and exports them as CSV', async () => {
    const list = await operatorCall<{ list: Array<{ action: string; operator: string }>; total: number }>(harness.app, {
      url: '/api/operator/audit',
      token: adminToken,
      query: { action: 'operator', operator_id: String(admin.id) },
    });
    assert.equal(list.body.code, ApiCode.OK, list.body.msg);
    assert.ok(list.body.data.total >= 1);
    assert.ok(list.body.data.list.every((entry) => entry.action.startsWith('operator.') && entry.operator === admin.name));

    const csv = await harness.app.inject({
      method: 'GET',
      url: '/api/operator/audit/export',
      headers: { authorization: `Bearer ${adminToken}` },
      query: { action: 'operator.role' },
    });
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.match(String(csv.headers['content-disposition']), /^attachment; filename="operator-audit-/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], 'id,at,operator,role,action,target_type,target_id,reason,ip,before,after');
    assert.ok(lines.slice(1).every((line) => line.includes(',operator.role,')));
    assert.ok(lines.some((line) => line.includes('调岗')));
  });

  it('records only the actions of the shared list, AUDIT_ACTIONS (the one the console labels)', async () => {
    const ok = (answer: { body: { code: number; msg: string } }) => assert.equal(answer.body.code, ApiCode.OK, answer.body.msg);
    const other = await addTestOperator(harness.database.db, 'viewer');
    const otherSession = await signInOperator(harness.app, harness.database.db, other);
    const newToken = async () => {
      const answer = await operatorCall<{ token: string; info: { id: number } }>(harness.app, {
        url: '/api/operator/tokens/create',
        token: otherSession,
        payload: { name: 'scripts' },
      });
      ok(answer);
      return answer.body.data;
    };
    ok(await operatorCall(harness.app, { url: '/api/operator/session/sign-out', token: (await newToken()).token, payload: {} }));
    ok(await operatorCall(harness.app, { url: '/api/operator/tokens/revoke', token: otherSession, payload: { id: (await newToken()).info.id } }));
    // Ending their sessions needs one to end; each reset ends them too.
    for (const url of ['/api/operator/operators/revoke-sessions', '/api/operator/operators/reset-password', '/api/operator/operators/reset-totp'])
      ok(await operatorCall(harness.app, { url, token: adminToken, payload: { id: other.id, reason: '交接' } }));
    const spareSession = await signInOperator(harness.app, harness.database.db, admin);
    ok(await operatorCall(harness.app, { url: '/api/operator/session/sign-out', token: spareSession, payload: {} }));
    const creator = await operatorCall<{ id: number }>(harness.app, {
      url: '/api/operator/users/create',
      token: adminToken,
      payload: { phone: `139${String(process.pid).padStart(8, '0').slice(-8)}`, password: 'secret-1', nickname: '审计' },
    });
    ok(creator);
    ok(
      await operatorCall(harness.app, {
        url: '/api/operator/users/reset-password',
        token: adminToken,
        payload: { id: creator.body.data.id, reason: '忘记密码' },
      }),
    );

    const recorded = (await harness.database.db.selectFrom('operator_audit').select('action').distinct().execute()).map((row) => row.action);
    const listed: readonly string[] = AUDIT_ACTIONS;
    assert.deepEqual(
      recorded.filter((action) => !listed.includes(action)),
      [],
    );
    for (const action of [
      'operator.sign_in',
      'operator.sign_out',
      'token.create',
      'token.sign_out',
      'token.revoke',
      'operator.totp_reset',
      'operator.password_reset',
      'operator.sessions_revoke',
      'user.create',
      'user.reset_password',
    ])
      assert.ok(recorded.includes(action), `${action} recorded`);
  });

  it('quotes CSV fields and defuses spreadsheet formulas', () => {
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvField({ a: 1 }), '"{""a"":1}"');
    assert.equal(csvField(null), '');
  });
});
