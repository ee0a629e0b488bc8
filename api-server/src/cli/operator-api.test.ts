/**
 * The admin command line as a client of the operator API, run as an operator would run it (a child
 * process of `src/cli/admin.ts`) against the real app listening on a local port: personal tokens
 * made, listed and revoked by signing in with name, password and TOTP code; a command through the
 * API is audited under the operator's name and refused for a viewer; a revoked token gets nothing;
 * production refuses the direct database path.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { IDENTITY } from 'shared-sdk/contract';
import { insertPersonalToken } from '../features/operators/accounts';
import { totpCode } from '../features/operators/totp';
import { type TestOperator, addTestOperator } from '../testing/operators';
import { setUpTestApp, tempDir } from '../testing/test-app';

const root = path.resolve(import.meta.dirname, '../..');
const PHONE = '13800000006';

interface Run {
  code: number;
  output: string;
}

/** `npm run admin -- …` (or another CLI entry) as a separate process, with only the environment given. */
function cli(args: string[], env: Record<string, string>, entry = 'src/cli/admin.ts'): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...args],
      { cwd: root, timeout: 60_000, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

let server = '';
let moderator: TestOperator;
let viewerToken = '';
const data = tempDir('cli-operator-api');

const identities = async () =>
  (await harness.database.db.selectFrom('users').select('identities').where('phone', '=', PHONE).executeTakeFirstOrThrow()).identities;
const auditOf = (name: string) =>
  harness.database.db
    .selectFrom('operator_audit')
    .select(['action', 'target_id', 'operator_name', 'role'])
    .where('operator_name', '=', name)
    .orderBy('id')
    .execute();

const harness = setUpTestApp({
  cleanUp: [data.remove],
  prepare: async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address();
    server = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    moderator = await addTestOperator(harness.database.db, 'moderator', 'cli-moderator');
    const viewer = await addTestOperator(harness.database.db, 'viewer', 'cli-viewer');
    viewerToken = (await insertPersonalToken(harness.database.db, viewer.id, 'viewer cli', 30)).token;
    // The creator starts without real-name verification (the demo data may have it).
    await harness.database.db.updateTable('users').set({ identities: '[]' }).where('phone', '=', PHONE).execute();
  },
});

describe('admin command line through the operator API', () => {
  let token = '';
  let tokenId = 0;

  it('creates a personal token by signing in (name, password, TOTP code), shown once', async () => {
    const created = await cli(
      [
        'operator',
        'token',
        'create',
        '--name',
        '值班笔记本',
        '--operator',
        moderator.name,
        '--password',
        moderator.password,
        '--code',
        totpCode(moderator.secret),
      ],
      { OPERATOR_API_URL: server, DATA_DIR: data.dir },
    );
    assert.equal(created.code, 0, created.output);
    const match = /\n {2}(mfop_\S+)\n/.exec(created.output);
    assert.ok(match, created.output);
    token = match[1]!;
    tokenId = Number(/Token (\d+) \(值班笔记本\) created/.exec(created.output)?.[1]);
    assert.ok(tokenId > 0, created.output);
    // The sign-in session the command used ended with it; the token is the one credential left.
    const sessions = await harness.database.db.selectFrom('operator_sessions').select(['kind', 'revoked_at']).where('operator_id', '=', moderator.id).execute();
    assert.deepEqual(sessions.map((session) => [session.kind, session.revoked_at === null ? 'live' : 'ended']).sort(), [
      ['session', 'ended'],
      ['token', 'live'],
    ]);
    assert.deepEqual(
      (await auditOf(moderator.name)).map((row) => row.action),
      ['operator.totp_enrol', 'operator.sign_in', 'token.create', 'operator.sign_out'],
    );
  });

  it('lists the tokens with the token, never showing it again', async () => {
    const listed = await cli(['operator', 'token', 'list'], { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: token, DATA_DIR: data.dir });
    assert.equal(listed.code, 0, listed.output);
    assert.match(listed.output, /值班笔记本/);
    assert.match(listed.output, /active/);
    assert.ok(!listed.output.includes(token), 'the token itself is shown only once');
  });

  it('runs a command through the API, audited under the operator name; a viewer is refused and changes nothing', async () => {
    const refused = await cli(['verify', '--phone', PHONE, '--server', server, '--token', viewerToken], {});
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /role does not allow/);
    assert.ok(!(await identities()).includes(IDENTITY.REAL_NAME));
    assert.deepEqual(await auditOf('cli-viewer'), []);

    const verified = await cli(['verify', '--phone', PHONE, '--reason', '核验身份证'], { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: token });
    assert.equal(verified.code, 0, verified.output);
    assert.match(verified.output, new RegExp(`${PHONE} is now real-name verified`));
    assert.ok((await identities()).includes(IDENTITY.REAL_NAME));
    const user = await harness.database.db.selectFrom('users').select('id').where('phone', '=', PHONE).executeTakeFirstOrThrow();
    const rows = (await auditOf(moderator.name)).filter((row) => row.action === 'user.verify');
    assert.deepEqual(
      rows.map((row) => [row.role, String(row.target_id)]),
      [['moderator', String(user.id)]],
    );
  });

  it('revokes the token; the revoked token then gets nothing', async () => {
    const revoked = await cli(['operator', 'token', 'revoke', String(tokenId)], { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: token });
    assert.equal(revoked.code, 0, revoked.output);
    assert.match(revoked.output, new RegExp(`Token ${tokenId} .* revoked`));

    const unverify = await cli(['unverify', '--phone', PHONE], { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: token });
    assert.equal(unverify.code, 1, unverify.output);
    assert.match(unverify.output, /unknown, revoked or expired/);
    assert.ok((await identities()).includes(IDENTITY.REAL_NAME), 'nothing changed');
    const listed = await cli(['operator', 'token', 'list'], { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: token });
    assert.equal(listed.code, 1, listed.output);
  });
});

describe('CI release tokens and release scopes from the command line', () => {
  it('an admin makes a release token (shown once), lists it, scopes a release manager, and revokes the token; a moderator cannot', async () => {
    const admin = await addTestOperator(harness.database.db, 'admin', 'cli-release-admin');
    const adminToken = (await insertPersonalToken(harness.database.db, admin.id, 'admin cli', 30)).token;
    const as = { OPERATOR_API_URL: server, OPERATOR_API_TOKEN: adminToken };
    const created = await cli(
      ['operator', 'release-token', 'create', '--remote', 'mf-tools', '--env', 'production', '--name', 'tools pipeline', '--days', '30'],
      as,
    );
    assert.equal(created.code, 0, created.output);
    const token = /(mfci_\S+)/.exec(created.output)?.[1] ?? '';
    assert.match(created.output, /for mf-tools on production/);
    assert.match(created.output, /DEPLOY_TOKEN/);
    const listed = await cli(['operator', 'release-token', 'list'], as);
    assert.match(listed.output, /active\s+mf-tools@production.*by cli-release-admin\s+tools pipeline/);
    assert.ok(!listed.output.includes(token));
    const works = await harness.app.inject({ method: 'GET', url: '/api/operator/releases', headers: { authorization: `Bearer ${token}` } });
    assert.equal(works.statusCode, 200);

    const manager = await addTestOperator(harness.database.db, 'release_manager', 'cli-release-manager');
    const scoped = await cli(
      ['operator', 'release-scope', String(manager.id), '--remotes', 'mf-tools,mf-drafts', '--envs', 'production', '--reason', 'team A'],
      as,
    );
    assert.equal(scoped.code, 0, scoped.output);
    assert.match(scoped.output, /cli-release-manager may release mf-drafts, mf-tools on production\./);

    const id = /Release token (\d+)/.exec(created.output)?.[1] ?? '';
    // A scope change and a revocation take a reason, as in the console: without one, the usage and nothing done.
    for (const argv of [
      ['operator', 'release-scope', String(manager.id), '--remotes', 'mf-tools', '--envs', 'production'],
      ['operator', 'release-token', 'revoke', id, '--reason', ' '],
    ]) {
      const missing = await cli(argv, as);
      assert.notEqual(missing.code, 0, missing.output);
      assert.match(missing.output, /--reason <text>/);
    }
    const revoked = await cli(['operator', 'release-token', 'revoke', id, '--reason', 'pipeline retired'], as);
    assert.equal(revoked.code, 0, revoked.output);
    const dead = await harness.app.inject({ method: 'GET', url: '/api/operator/releases', headers: { authorization: `Bearer ${token}` } });
    assert.equal(dead.statusCode, 401);

    const moderatorToken = (await insertPersonalToken(harness.database.db, moderator.id, 'mod cli', 30)).token;
    const refused = await cli(['operator', 'release-token', 'create', '--remote', 'mf-tools', '--env', 'production'], {
      OPERATOR_API_URL: server,
      OPERATOR_API_TOKEN: moderatorToken,
    });
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /role does not allow/);
    assert.deepEqual(
      (await auditOf('cli-release-admin')).map((row) => row.action),
      ['release_token.create', 'operator.release_scope', 'release_token.revoke'],
    );
  });
});

describe('production refuses the direct database path', () => {
  // Settings that let production load its configuration; the database is never reached.
  const production = {
    APP_ENV: 'production',
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    APP_SECRET: 'cli-production-secret',
    UPLOAD_TOKEN_SECRET: 'cli-production-upload',
    DATA_DIR: data.dir,
  };

  it('refuses admin commands and newspaper:import without the operator API, naming the settings', async () => {
    for (const args of [['verify', '--phone', PHONE], ['material-audit', '--id', '1', '--status', '2'], ['storage-report']]) {
      const run = await cli(args, production);
      assert.equal(run.code, 1, run.output);
      assert.match(run.output, /APP_ENV=production/);
      assert.match(run.output, /OPERATOR_API_URL/);
      assert.match(run.output, /OPERATOR_API_TOKEN/);
      assert.doesNotMatch(run.output, /ECONNREFUSED|Failed:/, 'refused before any connection');
    }
    const pdf = path.join(data.dir, 'issue.pdf');
    writeFileSync(pdf, '%PDF-1.4\n');
    const imported = await cli(['--type', '1', '--date', '2026-11-22', pdf], production, 'src/cli/newspaper-import.ts');
    assert.equal(imported.code, 1, imported.output);
    assert.match(imported.output, /OPERATOR_API_URL/);
  });
});
