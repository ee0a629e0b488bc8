/**
 * The role × call matrix, over every operator call of the contract: no credential, a creator's
 * token and a revoked operator token get nothing (401); a role without the call's permission is
 * refused (403) before anything runs; a role with it gets past the check. A moderator cannot manage
 * operators; a viewer changes nothing; a release manager makes releases and nothing else.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { roleAllows } from 'shared-sdk/contract/operator-roles';
import { type ContractRoute, contractRoutes } from 'shared-sdk/contract/schemas';
import { setUpTestApp } from '../../testing/test-app';
import { login } from '../../testing/signed';
import { type TestOperator, addTestOperator, signInOperator } from '../../testing/operators';

const operators: Record<string, TestOperator> = {};
const tokens: Record<string, string> = {};
let creatorToken: string;
let revokedToken: string;

const ROLES = ['admin', 'moderator', 'viewer', 'release_manager'] as const;
const operatorRoutes = contractRoutes.filter((route) => route.auth === 'operator');

const harness = setUpTestApp({
  prepare: async () => {
    for (const role of ROLES) {
      operators[role] = await addTestOperator(harness.database.db, role, `matrix-${role}`);
      tokens[role] = await signInOperator(harness.app, harness.database.db, operators[role]);
    }
    // A release manager with a scope: its release calls get past the scope check too.
    await harness.database.db
      .updateTable('operators')
      .set({ release_scope: JSON.stringify({ remotes: ['mf-tools'], envs: ['production'] }) })
      .where('id', '=', operators.release_manager!.id)
      .execute();
    creatorToken = await login(harness.app, '13800000001');
    const revoked = await addTestOperator(harness.database.db, 'admin', 'matrix-revoked');
    revokedToken = await signInOperator(harness.app, harness.database.db, revoked);
    await harness.database.db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', revoked.id).execute();
  },
});

/** The call with an empty body (a change is then refused by validation, after the role check). */
function call(route: ContractRoute, headers: Record<string, string>) {
  const url = route.url.replace(/:(\w+)/g, 'x');
  return harness.app.inject({ method: route.method, url, headers, ...(route.method === 'POST' && !route.upload ? { payload: {} } : {}) });
}

describe('role × call matrix', () => {
  it('covers every operator call of the contract', () => {
    assert.ok(operatorRoutes.length >= 35, `${operatorRoutes.length} operator calls`);
    assert.ok(operatorRoutes.every((route) => route.url.startsWith('/api/operator/')));
  });

  it('answers 401 without a credential, with a creator token (as bearer or parameter) and with a revoked operator token', async () => {
    for (const route of operatorRoutes) {
      const credentials: Array<Record<string, string>> = [
        {},
        { authorization: `Bearer ${creatorToken}` },
        { authorization: `Bearer ${revokedToken}` },
        { cookie: `mf_operator=${creatorToken}` },
      ];
      for (const headers of credentials) {
        const response = await call(route, headers);
        assert.equal(response.statusCode, 401, `${route.operationId} with ${JSON.stringify(headers).slice(0, 40)}`);
        assert.equal(response.json().code, ApiCode.TOKEN_EXPIRED);
      }
      const asParameter = await harness.app.inject({ method: route.method, url: `${route.url}?token=${creatorToken}` });
      assert.equal(asParameter.statusCode, 401, route.operationId);
    }
  });

  for (const role of ROLES) {
    it(`lets ${role} call exactly what its role allows`, async () => {
      for (const route of operatorRoutes) {
        const allowed = roleAllows(role, route.permission ?? 'admin');
        // Signing out ends the session it is called with: use one of its own.
        const token = route.operationId === 'operatorSignOut' ? await signInOperator(harness.app, harness.database.db, operators[role]!) : tokens[role]!;
        const response = await call(route, { authorization: `Bearer ${token}` });
        if (allowed) {
          assert.ok(![401, 403].includes(response.statusCode), `${role} ${route.operationId}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          assert.ok(response.statusCode < 500, `${role} ${route.operationId}: ${response.statusCode}`);
        } else {
          assert.equal(response.statusCode, 403, `${role} ${route.operationId}: ${response.statusCode}`);
          assert.equal(response.json().code, ApiCode.FORBIDDEN);
        }
      }
    });
  }

  it('keeps operator management to admins, and review to moderators and admins', () => {
    const byPermission = (permission: string) =>
      operatorRoutes.filter((route) => (route.permission ?? 'admin') === permission).map((route) => route.operationId);
    for (const id of ['operatorList', 'operatorAdd', 'operatorDisable', 'operatorSetRole', 'operatorResetTotp'])
      assert.ok(byPermission('admin').includes(id), id);
    for (const id of ['materialDecide', 'manuscriptDecide', 'certificationDecide', 'appealDecide', 'userBan', 'userUnban', 'userVerify', 'newspaperImport']) {
      assert.ok(byPermission('moderate').includes(id), id);
    }
    // A viewer's calls read (or concern only the viewer's own account).
    assert.ok(
      operatorRoutes
        .filter((route) => roleAllows('viewer', route.permission ?? 'admin'))
        .every((route) => route.method === 'GET' || route.permission === 'self'),
    );
  });

  it('keeps the release calls to admins and release managers, and a release manager to them', () => {
    const releaseCalls = operatorRoutes.filter((route) => route.permission === 'release').map((route) => route.operationId);
    assert.ok(releaseCalls.length >= 9, releaseCalls.join(', '));
    for (const role of ['moderator', 'viewer']) assert.ok(!roleAllows(role, 'release'), role);
    const manager = operatorRoutes.filter((route) => roleAllows('release_manager', route.permission ?? 'admin'));
    assert.ok(manager.every((route) => route.permission === 'release' || route.permission === 'self'));
  });

  it('leaves no audit row of a viewer or of a refused call, and changes nothing', async () => {
    const rows = await harness.database.db.selectFrom('operator_audit').select(['action', 'operator_name']).execute();
    const viewer = rows.filter((row) => row.operator_name === operators.viewer!.name).map((row) => row.action);
    assert.ok(
      viewer.every((action) => ['operator.totp_enrol', 'operator.sign_in', 'operator.sign_out'].includes(action)),
      viewer.join(', '),
    );
    const refused = rows.filter((row) => row.operator_name === 'matrix-revoked' && !['operator.totp_enrol', 'operator.sign_in'].includes(row.action));
    assert.deepEqual(refused, []);
  });

  it('a moderator is refused adding an operator, and nothing is added', async () => {
    const before = (await harness.database.db.selectFrom('operators').select('id').execute()).length;
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/operator/operators/add',
      headers: { authorization: `Bearer ${tokens.moderator}` },
      payload: { name: 'sneaky', role: 'admin' },
    });
    assert.equal(response.statusCode, 403);
    assert.equal((await harness.database.db.selectFrom('operators').select('id').execute()).length, before);
  });
});
