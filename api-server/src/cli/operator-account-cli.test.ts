/**
 * The admin command line's operator-account commands and `storage-report`, run as an operator runs
 * them (child processes of `src/cli/admin.ts`) against the real app on a local port, with personal
 * tokens: an admin's call changes the account and leaves a row under their name; a moderator's is
 * refused and changes nothing; without the API the account commands refuse and name the settings.
 * On the database directly (the embedded default), every change is on the audit trail as the
 * command line and the OS user who ran it, with the row the API writes; a read-only command writes none.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase, pgliteDirFor } from '../db/connect';
import { insertPersonalToken } from '../features/operators/accounts';
import { blankPdf } from '../features/newspaper/testing';
import { type TestOperator, addTestOperator, signInOperator } from '../testing/operators';
import { setUpTestApp, tempDir } from '../testing/test-app';
import { cliAuditRow } from '../testing/cli-audit';

const root = path.resolve(import.meta.dirname, '../..');

// Each command starts tsx and opens (on the database directly, migrates) its database: minutes on a busy machine.
function cli(args: string[], env: Record<string, string>, script = 'src/cli/admin.ts', timeout = 180_000): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: root, timeout, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          output: `${stdout}${stderr}${error?.killed ? `\n(killed after ${timeout} ms)` : ''}`,
        }),
    );
  });
}

let asAdmin: Record<string, string>;
let asModerator: Record<string, string>;
let admin: TestOperator;
let target: TestOperator;

const rowsOf = (action: string, id: number) =>
  harness.database.db
    .selectFrom('operator_audit')
    .select(['operator_name', 'role', 'reason'])
    .where('action', '=', action)
    .where('target_id', '=', String(id))
    .execute();

const harness = setUpTestApp({
  prepare: async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    const server = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    admin = await addTestOperator(harness.database.db, 'admin', 'cli-admin');
    const moderator = await addTestOperator(harness.database.db, 'moderator', 'cli-mod');
    target = await addTestOperator(harness.database.db, 'moderator', 'cli-target');
    asAdmin = { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: (await insertPersonalToken(harness.database.db, admin.id, 'admin cli', 30)).token };
    asModerator = { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: (await insertPersonalToken(harness.database.db, moderator.id, 'mod cli', 30)).token };
  },
});

describe('operator account commands through the operator API', () => {
  it('lists the accounts for an admin; a moderator is refused', async () => {
    const listed = await cli(['operator', 'list'], asAdmin);
    assert.equal(listed.code, 0, listed.output);
    assert.match(listed.output, /cli-target\s+moderator\s+enabled/);
    const refused = await cli(['operator', 'list'], asModerator);
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /role does not allow/);
  });

  it('changes a role with a reason, audited under the admin; a moderator changes nothing', async () => {
    const refused = await cli(['operator', 'role', 'cli-target', '--role', 'admin', '--reason', '提权'], asModerator);
    assert.equal(refused.code, 1, refused.output);
    assert.equal((await rowsOf('operator.role', target.id)).length, 0);
    const missing = await cli(['operator', 'role', 'cli-target', '--role', 'viewer'], asAdmin);
    assert.equal(missing.code, 2, missing.output);
    assert.match(missing.output, /--reason/);
    const done = await cli(['operator', 'role', 'cli-target', '--role', 'viewer', '--reason', '调岗'], asAdmin);
    assert.equal(done.code, 0, done.output);
    assert.match(done.output, /cli-target is now viewer \(was moderator\)/);
    assert.deepEqual(await rowsOf('operator.role', target.id), [{ operator_name: 'cli-admin', role: 'admin', reason: '调岗' }]);
    // Oneself: refused by the server.
    const self = await cli(['operator', 'role', 'cli-admin', '--role', 'viewer', '--reason', 'x'], asAdmin);
    assert.equal(self.code, 1, self.output);
    assert.match(self.output, /不能修改自己的角色/);
  });

  it('resets a password (shown once) and ends sessions', async () => {
    await signInOperator(harness.app, harness.database.db, target);
    const reset = await cli(['operator', 'reset-password', 'cli-target', '--reason', '忘记密码'], asAdmin);
    assert.equal(reset.code, 0, reset.output);
    const password = /password: (\S+)/.exec(reset.output)?.[1] ?? '';
    assert.ok(password.length >= 10, reset.output);
    const signIn = await harness.app.inject({ method: 'POST', url: '/api/operator/session/password', payload: { name: 'cli-target', password } });
    assert.equal(signIn.json().code, 0);
    await signInOperator(harness.app, harness.database.db, { ...target, password });
    const ended = await cli(['operator', 'revoke-sessions', 'cli-target', '--tokens', '--reason', '设备丢失'], asAdmin);
    assert.equal(ended.code, 0, ended.output);
    assert.match(ended.output, /1 session\(s\) ended, 0 personal token\(s\) revoked/);
    assert.equal((await rowsOf('operator.sessions_revoke', target.id)).length, 1);
  });

  it('disables and enables; without the operator API the account commands refuse, naming the settings', async () => {
    assert.equal((await cli(['operator', 'disable', 'cli-target', '--reason', '离职'], asAdmin)).code, 0);
    assert.equal((await cli(['operator', 'enable', 'cli-target'], asAdmin)).code, 0);
    assert.deepEqual([(await rowsOf('operator.disable', target.id)).length, (await rowsOf('operator.enable', target.id)).length], [1, 1]);
    const offline = await cli(['operator', 'disable', 'cli-target', '--reason', 'x'], {});
    assert.equal(offline.code, 1, offline.output);
    assert.match(offline.output, /OPERATOR_API_URL/);
  });

  it('prints the storage report through the API for an admin only', async () => {
    const report = await cli(['storage-report', '--top', '3'], asAdmin);
    assert.equal(report.code, 0, report.output);
    assert.match(report.output, /Uploaded objects by kind/);
    assert.match(report.output, /Top 3 creators by bytes stored/);
    const refused = await cli(['storage-report'], asModerator);
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /role does not allow/);
  });
});

describe('commands on the database directly', () => {
  const dataDir = tempDir('cli-direct');
  harness.cleanUp(dataDir.remove);
  const cliName = `cli:${os.userInfo().username}`;
  /** The command line's database: the test's PostgreSQL database, or its own embedded one in DATA_DIR. */
  const direct = () => ({ DATA_DIR: dataDir.dir, ...(harness.database.url ? { DATABASE_URL: harness.database.url } : {}) });

  // Rendering the pages takes a while on a busy machine.
  it("writes the operator API's audit row for each change, as cli:<OS user>, and none for a listing", { timeout: 900_000 }, async () => {
    const created = await cli(['create-user', '--phone', '13911110001', '--password', 'secret1', '--nickname', '直连测试'], direct());
    assert.equal(created.code, 0, created.output);
    const banned = await cli(['ban', '--phone', '13911110001', '--type', '2', '--reason', '刷量'], direct());
    assert.equal(banned.code, 0, banned.output);
    const added = await cli(['operator', 'add', 'cli-bootstrap', '--role', 'viewer'], direct());
    assert.equal(added.code, 0, added.output);
    const listed = await cli(['list-users'], direct());
    assert.equal(listed.code, 0, listed.output);
    assert.match(listed.output, /13911110001 .*banned type 2/);
    const pdf = path.join(dataDir.dir, 'issue.pdf');
    fs.writeFileSync(pdf, await blankPdf(2));
    const imported = await cli(['--type', '1', '--date', '2026-11-22', pdf], direct(), 'src/cli/newspaper-import.ts');
    assert.equal(imported.code, 0, imported.output);

    const database = harness.database.url ? null : await openDatabase({ databaseUrl: '', pgliteDir: pgliteDirFor(dataDir.dir) });
    try {
      const db = database?.db ?? harness.database.db;
      const rows = await db
        .selectFrom('operator_audit')
        .select(['operator_id', 'operator_name', 'role', 'action', 'target_type', 'target_id', 'reason', 'ip'])
        .where('operator_name', 'like', 'cli:%')
        .orderBy('id')
        .execute();
      const user = await db.selectFrom('users').select('id').where('phone', '=', '13911110001').executeTakeFirstOrThrow();
      const operator = await db.selectFrom('operators').select('id').where('name', '=', 'cli-bootstrap').executeTakeFirstOrThrow();
      const row = (action: string, targetType: string, targetId: number | string, reason = '') => cliAuditRow(cliName, action, targetType, targetId, reason);
      assert.deepEqual(rows, [
        row('user.create', 'user', user.id),
        row('user.ban', 'user', user.id, '刷量'),
        row('operator.add', 'operator', operator.id),
        row('newspaper.import', 'newspaper', '1/2026-11-22'),
      ]);
    } finally {
      await database?.close();
    }
  });
});
