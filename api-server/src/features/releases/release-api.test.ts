/**
 * The release API: who may release what (admins, release managers in their scope, CI tokens for
 * one remote and environment; nobody else), the archive checks, the promote gate, the audit trail
 * with the real actor, concurrent steps, both stores, and the deploy command line against a real
 * listening server.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BucketBlobStore, FolderBlobStore, ReleaseStore, packDist } from 'deploy';
import { runCli } from 'deploy/cli';
import { writeBuild } from 'deploy/testing';
import type { FastifyInstance } from 'fastify';
import { ApiCode, type ApiEnvelope } from 'shared-sdk/contract';
import { DiskObjectStore } from '../../storage/disk-object-store';
import { releaseObjects } from '../../storage/release-objects';
import { type TestOperator, addTestOperator, signInOperator } from '../../testing/operators';
import { setUpTestApp, tempDir } from '../../testing/test-app';

type Answer<T = Record<string, unknown>> = { status: number; body: ApiEnvelope<T> };

/** A workspace root whose built host provides the fixtures' singletons, and builds of remotes. */
async function webRootWithHost(dir: string): Promise<void> {
  await writeBuild(path.join(dir, 'host-shell', 'dist'), { name: 'host_shell', version: '1.0.0' });
}

async function archiveOf(dir: string, remote: string, version: string): Promise<Buffer> {
  const dist = path.join(dir, `${remote}-${version}`);
  await writeBuild(dist, { name: remote.replace(/-/g, '_'), version });
  return packDist(dist);
}

function client(app: FastifyInstance) {
  return {
    async call<T = Record<string, unknown>>(token: string, step: string, payload?: Record<string, unknown>): Promise<Answer<T>> {
      const response = await app.inject({
        method: payload ? 'POST' : 'GET',
        url: step.startsWith('/') ? step : `/api/operator/releases${step ? `/${step}` : ''}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      return { status: response.statusCode, body: response.json() as ApiEnvelope<T> };
    },
    /** Uploads as CI does, with a reason (every step takes one) unless `query` says otherwise. */
    async upload(token: string, remote: string, archive: Buffer, query: Record<string, string> = { reason: 'CI build' }): Promise<Answer> {
      const response = await app.inject({
        method: 'POST',
        url: '/api/operator/releases/upload',
        query: { remote, ...query },
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
        payload: archive,
      });
      return { status: response.statusCode, body: response.json() as ApiEnvelope<Record<string, unknown>> };
    },
  };
}

describe('the release API on the folder store', () => {
  let api: ReturnType<typeof client>;
  const web = tempDir('release-api-web');
  const releases = tempDir('release-api-store');
  const builds = tempDir('release-api-builds');
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  const tokens: Record<string, string> = {};
  const ops: Record<string, TestOperator> = {};
  /** What the release webhook (a real local receiver) was sent. */
  const alerts: Array<Record<string, unknown>> = [];
  let hook: http.Server;
  const waitForAlerts = async (n: number) => {
    for (let i = 0; i < 100 && alerts.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  async function ciToken(name: string, remote: string, env: string): Promise<{ token: string; id: number }> {
    const created = await api.call<{ token: string; info: { id: number } }>(tokens.admin!, '/api/operator/release-tokens/create', { name, remote, env });
    assert.equal(created.body.code, 0, created.body.msg);
    return { token: created.body.data.token, id: created.body.data.info.id };
  }

  before(async () => {
    await webRootWithHost(web.dir);
    hook = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        alerts.push(JSON.parse(text) as Record<string, unknown>);
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  });
  const harness = setUpTestApp({
    overrides: () => ({
      webRoot: web.dir,
      releasesDir: releases.dir,
      releaseEnv: 'production',
      rollbackMinLoads: 3,
      releaseWebhooks: [{ format: 'json', url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts` }],
    }),
  });
  before(async () => {
    api = client(harness.app);
    for (const role of ['admin', 'moderator', 'viewer', 'release_manager']) {
      ops[role] = await addTestOperator(harness.database.db, role);
      tokens[role] = await signInOperator(harness.app, harness.database.db, ops[role]);
    }
    ops.stagingManager = await addTestOperator(harness.database.db, 'release_manager');
    tokens.stagingManager = await signInOperator(harness.app, harness.database.db, ops.stagingManager);
    const scope = (id: number, remotes: string[], envs: string[]) =>
      api.call(tokens.admin!, '/api/operator/operators/release-scope', { id, remotes, envs, reason: 'team tools' });
    assert.equal((await scope(ops.release_manager!.id, ['mf-tools'], ['production'])).body.code, 0);
    assert.equal((await scope(ops.stagingManager.id, ['mf-tools', 'mf-editor'], ['staging'])).body.code, 0);
    assert.equal((await scope(ops.release_manager!.id, ['mf-nope'], ['production'])).body.code, ApiCode.INVALID_PARAMS);
    tokens.ciTools = (await ciToken('tools-ci', 'mf-tools', 'production')).token;
    tokens.ciToolsStaging = (await ciToken('tools-staging', 'mf-tools', 'staging')).token;
    tokens.ciEditor = (await ciToken('editor-ci', 'mf-editor', 'production')).token;
  });
  after(async () => {
    await new Promise<void>((resolve) => hook.close(() => resolve()));
    web.remove();
    releases.remove();
    builds.remove();
  });

  it('shows a CI token once, stores only its hash, lists it for admins, and refuses it to anyone else', async () => {
    assert.match(tokens.ciTools!, /^mfci_[A-Za-z0-9_-]{43}$/);
    const rows = await harness.database.db.selectFrom('release_tokens').select(['token_hash', 'hint']).execute();
    assert.ok(rows.every((row) => !JSON.stringify(row).includes(tokens.ciTools!.slice(5))));
    const listed = await api.call<Array<{ name: string; remote: string; env: string; hint: string }>>(tokens.admin!, '/api/operator/release-tokens');
    assert.deepEqual(
      listed.body.data.map((t) => `${t.name} ${t.remote} ${t.env}`),
      ['editor-ci mf-editor production', 'tools-staging mf-tools staging', 'tools-ci mf-tools production'],
    );
    assert.ok(!JSON.stringify(listed.body).includes(tokens.ciTools!));
    for (const who of ['release_manager', 'moderator', 'ciTools']) {
      assert.equal((await api.call(tokens[who]!, '/api/operator/release-tokens')).status, 403, who);
      assert.equal(
        (await api.call(tokens[who]!, '/api/operator/release-tokens/create', { name: 'x', remote: 'mf-tools', env: 'production' })).status,
        403,
        who,
      );
    }
  });

  it('refuses a CI token whose name is missing, empty or blank (it would sign every step as "ci:"), and makes none', async () => {
    const before = await harness.database.db.selectFrom('release_tokens').select('id').execute();
    for (const name of [undefined, '', '   ', '\u3000\t']) {
      const refused = await api.call(tokens.admin!, '/api/operator/release-tokens/create', { name, remote: 'mf-tools', env: 'production' });
      assert.ok(refused.status < 500, `${JSON.stringify(name)}: ${refused.status}`);
      assert.equal(refused.body.code, ApiCode.INVALID_PARAMS, JSON.stringify(name));
    }
    const blank = await api.call(tokens.admin!, '/api/operator/release-tokens/create', { name: '  ', remote: 'mf-tools', env: 'production' });
    assert.equal(blank.body.msg, '参数错误：须填写令牌名称');
    assert.equal((await harness.database.db.selectFrom('release_tokens').select('id').execute()).length, before.length);
  });

  it('lets a CI token release its remote: upload, first promote, canary; its name is the author everywhere', async () => {
    const first = await api.upload(tokens.ciTools!, 'mf-tools', await archiveOf(builds.dir, 'mf-tools', '1.0.0'), { reason: 'build 41' });
    assert.equal(first.body.code, 0, first.body.msg);
    assert.equal(first.body.data.version, '1.0.0');
    assert.equal((await api.call(tokens.ciTools!, 'promote', { remote: 'mf-tools', version: '1.0.0', reason: 'first release' })).body.code, 0);
    assert.equal((await api.upload(tokens.ciTools!, 'mf-tools', await archiveOf(builds.dir, 'mf-tools', '1.1.0'))).body.code, 0);
    const canary = await api.call<{ canary: { version: string; percent: number }; stable: string }>(tokens.ciTools!, 'canary', {
      remote: 'mf-tools',
      version: '1.1.0',
      percent: 10,
      reason: 'pipeline 42',
    });
    assert.equal(canary.body.code, 0, canary.body.msg);
    assert.deepEqual([canary.body.data.stable, canary.body.data.canary.version, canary.body.data.canary.percent], ['1.0.0', '1.1.0', 10]);

    const release = await store.readRelease('mf-tools', '1.1.0');
    assert.equal(release?.createdBy, 'ci:tools-ci');
    assert.match(release?.integrity['remoteEntry.js'] ?? '', /^sha384-/);
    const manifest = await store.readManifest('production');
    assert.deepEqual(
      manifest.remotes['mf-tools']!.history.map((h) => `${h.who} ${h.action}`),
      ['ci:tools-ci promote', 'ci:tools-ci canary'],
    );
    const audit = await harness.database.db.selectFrom('operator_audit').selectAll().where('target_type', '=', 'release').orderBy('id').execute();
    assert.deepEqual(
      audit.map((row) => `${row.operator_name} ${row.role} ${row.action} ${row.target_id} ${row.reason}`),
      [
        'ci:tools-ci ci release.upload production/mf-tools build 41',
        'ci:tools-ci ci release.promote production/mf-tools first release',
        'ci:tools-ci ci release.upload production/mf-tools CI build',
        'ci:tools-ci ci release.canary production/mf-tools pipeline 42',
      ],
    );
  });

  it('keeps a CI token to its remote and environment, and to the release calls', async () => {
    const editorArchive = await archiveOf(builds.dir, 'mf-editor', '1.0.0');
    const refusals: Array<[string, Promise<Answer>]> = [
      ['tools token uploads mf-editor', api.upload(tokens.ciTools!, 'mf-editor', editorArchive)],
      ['tools token pins on mf-editor', api.call(tokens.ciTools!, 'pin', { remote: 'mf-editor', version: '1.0.0', user: '7', reason: 'x' })],
      ['tools token rolls back mf-editor', api.call(tokens.ciTools!, 'rollback', { remote: 'mf-editor', reason: 'x' })],
      ['editor token touches mf-tools', api.call(tokens.ciEditor!, 'pause', { remote: 'mf-tools', reason: 'x' })],
      ['staging token on production', api.call(tokens.ciToolsStaging!, 'canary', { remote: 'mf-tools', version: '1.1.0', percent: 50, reason: 'x' })],
      ['staging token lists production', api.call(tokens.ciToolsStaging!, '')],
      ['staging token uploads', api.upload(tokens.ciToolsStaging!, 'mf-tools', await archiveOf(builds.dir, 'mf-tools', '1.9.0'))],
      ['CI token on the audit trail', api.call(tokens.ciTools!, '/api/operator/audit')],
      ['CI token on its own identity', api.call(tokens.ciTools!, '/api/operator/session')],
      ['CI token on operators', api.call(tokens.ciTools!, '/api/operator/operators')],
    ];
    for (const [label, pending] of refusals) {
      const answer = await pending;
      assert.equal(answer.status, 403, `${label}: ${answer.status} ${answer.body.msg}`);
      assert.equal(answer.body.code, ApiCode.FORBIDDEN, label);
    }
    const listed = await api.call<{ env: string; remotes: Array<{ remote: string }> }>(tokens.ciTools!, '');
    assert.deepEqual(
      listed.body.data.remotes.map((r) => r.remote),
      ['mf-tools'],
    );
    assert.equal(listed.body.data.env, 'production');
    assert.equal(await store.readRelease('mf-editor', '1.0.0'), null);
  });

  it('gives a revoked or an expired CI token nothing', async () => {
    const revoked = await ciToken('revoked', 'mf-tools', 'production');
    assert.equal((await api.call(revoked.token, '')).status, 200);
    const revoke = await api.call<{ revoked_at: string | null }>(tokens.admin!, '/api/operator/release-tokens/revoke', { id: revoked.id, reason: 'leaked' });
    assert.ok(revoke.body.data.revoked_at);
    const expired = await ciToken('expired', 'mf-tools', 'production');
    await harness.database.db
      .updateTable('release_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    for (const token of [revoked.token, expired.token, 'mfci_not-a-token']) {
      for (const answer of [
        await api.call(token, ''),
        await api.call(token, 'pause', { remote: 'mf-tools', reason: 'x' }),
        await api.upload(token, 'mf-tools', Buffer.from('x')),
      ]) {
        assert.equal(answer.status, 401);
        assert.equal(answer.body.code, ApiCode.TOKEN_EXPIRED);
      }
    }
    const audit = await harness.database.db.selectFrom('operator_audit').select('action').where('action', '=', 'release_token.revoke').execute();
    assert.equal(audit.length, 1);
  });

  it('lets release managers act only in their scope, and moderators and viewers not at all', async () => {
    for (const who of ['moderator', 'viewer']) {
      assert.equal((await api.call(tokens[who]!, '')).status, 403, who);
      assert.equal((await api.call(tokens[who]!, 'pause', { remote: 'mf-tools', reason: 'x' })).status, 403, who);
      assert.equal((await api.upload(tokens[who]!, 'mf-tools', Buffer.from('x'))).status, 403, who);
    }
    assert.equal((await api.call(tokens.release_manager!, 'pin', { remote: 'mf-editor', version: '1.0.0', user: '7', reason: 'x' })).status, 403);
    assert.equal((await api.call(tokens.stagingManager!, 'pin', { remote: 'mf-tools', version: '1.0.0', user: '7', reason: 'x' })).status, 403);
    assert.equal((await api.call(tokens.stagingManager!, '')).status, 403);
    // Not its job: a release manager manages no operators and reads no review queues.
    assert.equal((await api.call(tokens.release_manager!, '/api/operator/operators')).status, 403);
    const pinned = await api.call<{ pins: Record<string, string> }>(tokens.release_manager!, 'pin', {
      remote: 'mf-tools',
      version: '1.1.0',
      user: '7',
      reason: 'reproduce ticket',
    });
    assert.equal(pinned.body.code, 0, pinned.body.msg);
    assert.deepEqual(pinned.body.data.pins, { '7': '1.1.0' });
    // Users are keyed by a creator's id: anything else is refused, as the console refuses it.
    for (const user of ['qa-7', '0', '-1', '1e3'])
      assert.equal(
        (await api.call(tokens.release_manager!, 'pin', { remote: 'mf-tools', version: '1.1.0', user, reason: 'x' })).body.code,
        ApiCode.INVALID_PARAMS,
        user,
      );
    const row = await harness.database.db.selectFrom('operator_audit').selectAll().where('action', '=', 'release.pin').executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.operator_id, row.operator_name, row.role, row.reason],
      [ops.release_manager!.id, ops.release_manager!.name, 'release_manager', 'reproduce ticket'],
    );
  });

  it('refuses a tampered or hostile archive and a re-upload, without a 5xx, and keeps nothing of it', async () => {
    const again = await api.upload(tokens.ciTools!, 'mf-tools', await archiveOf(builds.dir, 'mf-tools', '1.0.0'));
    assert.equal(again.body.code, ApiCode.CONFLICT);
    assert.match(again.body.msg, /不可覆盖/);
    const wrongName = await api.upload(tokens.ciTools!, 'mf-tools', await archiveOf(builds.dir, 'mf-editor', '3.0.0'));
    assert.equal(wrongName.body.code, ApiCode.INVALID_PARAMS);
    assert.match(wrongName.body.msg, /is a build of mf_editor/);
    const garbage = await api.upload(tokens.ciTools!, 'mf-tools', Buffer.from('definitely not gzip'));
    assert.equal(garbage.body.code, ApiCode.INVALID_PARAMS);
    const json = await harness.app.inject({
      method: 'POST',
      url: '/api/operator/releases/upload?remote=mf-tools',
      headers: { authorization: `Bearer ${tokens.ciTools}` },
      payload: { any: 'thing' },
    });
    assert.ok(json.statusCode < 500 && json.json().code !== 0, json.body);
    const unknownRemote = await api.upload(tokens.admin!, 'mf-nope', Buffer.from('x'));
    assert.equal(unknownRemote.body.code, ApiCode.INVALID_PARAMS);
    // Over the size limit: refused before it is read (413), nothing published.
    const tooBig = await harness.app.inject({
      method: 'POST',
      url: '/api/operator/releases/upload?remote=mf-tools',
      headers: { authorization: `Bearer ${tokens.ciTools}`, 'content-type': 'application/gzip' },
      payload: Buffer.alloc(64 * 1024 * 1024 + 1),
    });
    assert.equal(tooBig.statusCode, 413);
    assert.deepEqual((await store.listVersions('mf-tools')).sort(), ['1.0.0', '1.1.0']);
    assert.deepEqual(await store.listVersions('mf-editor'), []);
  });

  it('gates promote on the canary evidence: refused under the minimum unless forced with a reason, all audited', async () => {
    await waitForAlerts(1);
    const alertsBefore = alerts.length;
    const refused = await api.call(tokens.ciTools!, 'promote', { remote: 'mf-tools', reason: 'looks healthy' });
    assert.equal(refused.body.code, ApiCode.CONFLICT);
    assert.match(refused.body.msg, /only 0 canary loads \(at least 3 before promoting\)/);
    // The refusal says which gate, with its figures, for a client to read without parsing the message.
    assert.deepEqual(refused.body.data, { gate: 'too-few-loads', remote: 'mf-tools', version: '1.1.0', loads: 0, min_loads: 3 });
    // Any other refusal of a promote keeps data null.
    const unknownVersion = await api.call(tokens.ciTools!, 'promote', { remote: 'mf-tools', version: '9.9.9', reason: 'x' });
    assert.equal(unknownVersion.body.code, ApiCode.CONFLICT);
    assert.equal(unknownVersion.body.data, null);
    const noReason = await api.call(tokens.ciTools!, 'promote', { remote: 'mf-tools', force: true, reason: ' ' });
    assert.deepEqual([noReason.body.code, noReason.body.msg], [ApiCode.INVALID_PARAMS, '参数错误：强制全量发布须填写原因']);
    const paused = await api.call<{ canary: { paused: boolean } }>(tokens.ciTools!, 'pause', { remote: 'mf-tools', reason: 'checking a report' });
    assert.equal(paused.body.data.canary.paused, true);
    const resumed = await api.call<{ canary: { paused: boolean; percent: number } }>(tokens.ciTools!, 'canary', {
      remote: 'mf-tools',
      version: '1.1.0',
      percent: 10,
      reason: 'report checked',
    });
    assert.deepEqual([resumed.body.data.canary.paused, resumed.body.data.canary.percent], [false, 10]);
    const forced = await api.call<{ stable: string; canary: null }>(tokens.ciTools!, 'promote', {
      remote: 'mf-tools',
      force: true,
      reason: 'hotfix, QA signed off',
    });
    assert.equal(forced.body.code, 0, forced.body.msg);
    assert.deepEqual([forced.body.data.stable, forced.body.data.canary], ['1.1.0', null]);
    const row = await harness.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'release.promote')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(row.reason, 'hotfix, QA signed off');
    assert.equal((row.after as { forced: boolean }).forced, true);
    const history = (await store.readManifest('production')).remotes['mf-tools']!.history.at(-1)!;
    assert.deepEqual([history.who, history.action, history.reason], ['ci:tools-ci', 'promote', 'hotfix, QA signed off']);

    const noReasonRollback = await api.call(tokens.ciTools!, 'rollback', { remote: 'mf-tools' });
    assert.equal(noReasonRollback.body.code, ApiCode.INVALID_PARAMS);
    const back = await api.call<{ stable: string }>(tokens.ciTools!, 'rollback', { remote: 'mf-tools', reason: 'errors up' });
    assert.equal(back.body.data.stable, '1.0.0');
    // Both steps taken by hand were told to the release webhook, with the real actor and the reason; the refused ones were not.
    await waitForAlerts(alertsBefore + 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(
      alerts.slice(alertsBefore).map((a) => [a.event, a.title, a.env, a.remote, a.version, a.stable, a.actor, a.reason]),
      [
        ['promote', '已全量发布', 'production', 'mf-tools', '1.1.0', '1.1.0', 'ci:tools-ci', 'hotfix, QA signed off'],
        ['rollback', '已回滚', 'production', 'mf-tools', '1.1.0', '1.0.0', 'ci:tools-ci', 'errors up'],
      ],
    );
    // A refused step leaves no audit row.
    const before = await harness.database.db.selectFrom('operator_audit').select('id').execute();
    assert.equal((await api.call(tokens.ciTools!, 'pause', { remote: 'mf-tools', reason: 'nothing runs' })).body.code, ApiCode.CONFLICT);
    assert.equal((await harness.database.db.selectFrom('operator_audit').select('id').execute()).length, before.length);
  });

  it('keeps concurrent steps safe: each one lands whole or is refused, the history and the audit agree', async (t) => {
    const users = Array.from({ length: 8 }, (_, i) => String(100 + i));
    const answers = await Promise.all(users.map((user) => api.call(tokens.ciTools!, 'qa', { remote: 'mf-tools', user, allowed: true, reason: 'QA round' })));
    for (const answer of answers) assert.ok([0, ApiCode.CONFLICT].includes(answer.body.code), `${answer.status} ${answer.body.msg}`);
    const landed = answers.filter((answer) => answer.body.code === 0).length;
    assert.ok(landed >= 1);
    t.diagnostic(`${landed} of ${users.length} concurrent QA steps landed, the others answered 1009`);
    const rollout = (await store.readManifest('production')).remotes['mf-tools']!;
    assert.equal(rollout.qaUsers.length, landed);
    assert.equal(rollout.history.filter((h) => h.action === 'qa-add').length, landed);
    const audit = await harness.database.db.selectFrom('operator_audit').select('id').where('action', '=', 'release.qa_add').execute();
    assert.equal(audit.length, landed);

    // Two uploads of one version at once: one publishes, the other is refused.
    const archive = await archiveOf(builds.dir, 'mf-tools', '2.0.0');
    const both = await Promise.all([api.upload(tokens.ciTools!, 'mf-tools', archive), api.upload(tokens.admin!, 'mf-tools', archive)]);
    assert.deepEqual(both.map((answer) => answer.body.code).sort(), [0, ApiCode.CONFLICT].sort());
  });

  it('requires a reason for every step, token revocation and scope change (1002, nothing written), and audits each step with it, before and after', async () => {
    const rows = () => harness.database.db.selectFrom('operator_audit').select('id').execute();
    const rowsBefore = (await rows()).length;
    const revision = (await store.readManifest('production')).revision;
    const tokensBefore = await harness.database.db.selectFrom('release_tokens').select(['id', 'revoked_at']).orderBy('id').execute();
    const scopesBefore = await harness.database.db.selectFrom('operators').select(['id', 'release_scope']).orderBy('id').execute();
    const [anyToken] = tokensBefore;
    const calls: Array<[string, string, Record<string, unknown>]> = [
      ['release_manager', 'canary', { remote: 'mf-tools', version: '1.1.0', percent: 10 }],
      ['release_manager', 'canary', { remote: 'mf-tools', version: '1.1.0', steps: [5, 100] }],
      ['release_manager', 'pause', { remote: 'mf-tools' }],
      ['release_manager', 'promote', { remote: 'mf-tools' }],
      ['release_manager', 'promote', { remote: 'mf-tools', force: true }],
      ['release_manager', 'rollback', { remote: 'mf-tools' }],
      ['release_manager', 'pin', { remote: 'mf-tools', version: '1.0.0', user: '8' }],
      ['release_manager', 'unpin', { remote: 'mf-tools', user: '7' }],
      ['release_manager', 'qa', { remote: 'mf-tools', user: '55', allowed: true }],
      ['admin', '/api/operator/release-tokens/revoke', { id: anyToken!.id }],
      ['admin', '/api/operator/operators/release-scope', { id: ops.release_manager!.id, remotes: [], envs: [] }],
    ];
    const archive = await archiveOf(builds.dir, 'mf-tools', '9.9.9');
    for (const reason of [undefined, '', '   ']) {
      const answers: Array<[string, Answer]> = [
        ['upload', await api.upload(tokens.release_manager!, 'mf-tools', archive, reason === undefined ? {} : { reason })],
      ];
      for (const [who, verb, body] of calls) {
        answers.push([verb, await api.call(tokens[who]!, verb, { ...body, ...(reason === undefined ? {} : { reason }) })]);
      }
      for (const [verb, answer] of answers) {
        // A refusal in the envelope (1002, as every parameter refusal), never a 5xx.
        assert.ok(answer.status < 500, `${verb} ${JSON.stringify(reason)}: ${answer.status} ${answer.body.msg}`);
        assert.equal(answer.body.code, ApiCode.INVALID_PARAMS, `${verb} ${JSON.stringify(reason)}: ${answer.body.msg}`);
        assert.match(answer.body.msg, /^参数错误：.*(原因|reason)/);
      }
    }
    assert.equal((await rows()).length, rowsBefore);
    assert.equal((await store.readManifest('production')).revision, revision);
    assert.ok(!(await store.listVersions('mf-tools')).includes('9.9.9'));
    assert.deepEqual(await harness.database.db.selectFrom('release_tokens').select(['id', 'revoked_at']).orderBy('id').execute(), tokensBefore);
    assert.deepEqual(await harness.database.db.selectFrom('operators').select(['id', 'release_scope']).orderBy('id').execute(), scopesBefore);

    const audited = async (action: string) =>
      harness.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const unpinned = await api.call<{ pins: Record<string, string> }>(tokens.release_manager!, 'unpin', {
      remote: 'mf-tools',
      user: '7',
      reason: 'ticket closed',
    });
    assert.equal(unpinned.body.code, 0, unpinned.body.msg);
    assert.deepEqual(unpinned.body.data.pins, {});
    const unpin = await audited('release.unpin');
    assert.deepEqual(
      [unpin.operator_id, unpin.operator_name, unpin.role, unpin.target_id, unpin.reason],
      [ops.release_manager!.id, ops.release_manager!.name, 'release_manager', 'production/mf-tools', 'ticket closed'],
    );
    assert.deepEqual([(unpin.before as { pin: unknown }).pin, (unpin.after as { pin: unknown }).pin], ['1.1.0', null]);
    assert.deepEqual([(unpin.before as { user: unknown }).user, (unpin.after as { user: unknown }).user], ['7', '7']);

    assert.equal((await api.call(tokens.release_manager!, 'qa', { remote: 'mf-tools', user: '55', allowed: true, reason: 'QA round 2' })).body.code, 0);
    const removed = await api.call<{ qa_users: string[] }>(tokens.release_manager!, 'qa', {
      remote: 'mf-tools',
      user: '55',
      allowed: false,
      reason: 'QA round over',
    });
    assert.equal(removed.body.code, 0, removed.body.msg);
    assert.ok(!removed.body.data.qa_users.includes('55'));
    const qa = await audited('release.qa_remove');
    assert.deepEqual(
      [qa.operator_name, qa.role, qa.target_id, qa.reason],
      [ops.release_manager!.name, 'release_manager', 'production/mf-tools', 'QA round over'],
    );
    assert.deepEqual(
      [(qa.before as { qa_user: unknown }).qa_user, (qa.after as { qa_user: unknown }).qa_user, (qa.after as { user: unknown }).user],
      [true, false, '55'],
    );
    assert.equal((qa.after as { revision: number }).revision, (qa.before as { revision: number }).revision + 1);
    // The rollout history names the same reasons.
    const history = (await store.readManifest('production')).remotes['mf-tools']!.history.slice(-3);
    assert.deepEqual(
      history.map((h) => [h.action, h.user, h.reason]),
      [
        ['unpin', '7', 'ticket closed'],
        ['qa-add', '55', 'QA round 2'],
        ['qa-remove', '55', 'QA round over'],
      ],
    );
  });

  it('runs the deploy command line against the listening server, with the token from the environment or --token', async () => {
    const port = 20000 + Math.floor(Math.random() * 10000);
    await harness.app.listen({ port, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${port}`;
    const repo = builds.dir;
    await fs.writeFile(path.join(repo, 'pnpm-workspace.yaml'), 'packages: []\n');
    await writeBuild(path.join(repo, 'mf-tools', 'dist'), { name: 'mf_tools', version: '2.1.0' });
    const deploy = async (argv: string[], env: { server?: string; token?: string } = {}) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(argv, { cwd: repo, repoRoot: repo, user: 'ana', out: (l) => out.push(l), ...env }, (l) => err.push(l));
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const published = await deploy(['publish', 'mf-tools', '--reason', 'build 2.1.0'], { server, token: tokens.ciTools! });
    assert.equal(published.code, 0, published.err);
    assert.match(published.out, /published mf-tools 2\.1\.0: 6 files .* on http:\/\/127\.0\.0\.1/);
    const viaFlags = ['--server', server, '--token', tokens.ciTools!];
    const canary = await deploy(['canary', 'mf-tools', '2.1.0', '--percent', '25', '--reason', 'pipeline 2.1.0', ...viaFlags]);
    assert.equal(canary.code, 0, canary.err);
    const status = await deploy(['status', ...viaFlags]);
    assert.match(status.out, /mf-tools\s+1\.0\.0\s+2\.1\.0\s+25/);
    const gate = await deploy(['promote', 'mf-tools', '--reason', 'looks fine', ...viaFlags]);
    assert.equal(gate.code, 2);
    assert.match(gate.err, /refused: the server refused \(code 1009.*only 0 canary loads/);
    const rolled = await deploy(['rollback', 'mf-tools', '--reason', 'not today', ...viaFlags]);
    assert.equal(rolled.code, 0, rolled.err);
    assert.match((await deploy(['history', 'mf-tools', ...viaFlags])).out, /ci:tools-ci\s+rollback\s+2\.1\.0 → 1\.0\.0\s+not today/);
    // A step plan: the canary starts at the first step, the server advances it (step-plans.test.ts).
    const planned = await deploy(['canary', 'mf-tools', '2.1.0', '--steps', '5,25,100', '--pause-minutes', '10', '--reason', 'plan', ...viaFlags]);
    assert.equal(planned.code, 0, planned.err);
    assert.match(planned.out, /on canary for 5 % of users on .*\(step plan 5 → 25 → 100 %, at least 10 min per step\)/);
    const plan = (await store.readManifest('production')).remotes['mf-tools']?.canary?.plan;
    assert.deepEqual([plan?.steps, plan?.pauseMinutes, plan?.watchMinutes, plan?.step], [[5, 25, 100], 10, 30, 0]);
    // Out of the token's scope, a dead token, and folder-mode options are refused with exit code 2.
    // Every step through the server takes a reason: refused before any call without one.
    for (const argv of [
      ['publish', 'mf-tools'],
      ['canary', 'mf-tools', '2.1.0', '--percent', '10'],
      ['pause', 'mf-tools'],
      ['promote', 'mf-tools', '--force'],
      ['rollback', 'mf-tools'],
      ['pin', 'mf-tools', '2.1.0', '--user', '9'],
      ['unpin', 'mf-tools', '--user', '9'],
      ['qa', 'mf-tools', '--add', '9'],
    ]) {
      const missing = await deploy([...argv, ...viaFlags]);
      assert.deepEqual([missing.code, missing.err], [2, 'refused: --reason is required'], argv.join(' '));
    }
    assert.equal((await deploy(['pin', 'mf-tools', '2.1.0', '--user', '9', '--reason', 'repro 77', ...viaFlags])).code, 0);
    assert.equal((await deploy(['qa', 'mf-tools', '--add', '9', '--reason', 'QA 77', ...viaFlags])).code, 0);
    assert.equal((await deploy(['unpin', 'mf-tools', '--user', '9', '--reason', 'done 77', ...viaFlags])).code, 0);
    const steps = (await harness.database.db.selectFrom('operator_audit').select(['action', 'reason']).orderBy('id', 'desc').limit(3).execute()).reverse();
    assert.deepEqual(
      steps.map((row) => `${row.action} ${row.reason}`),
      ['release.pin repro 77', 'release.qa_add QA 77', 'release.unpin done 77'],
    );
    const other = await deploy(['pin', 'mf-editor', '1.0.0', '--user', '9', '--reason', 'x', ...viaFlags]);
    assert.deepEqual([other.code, /code 1003/.test(other.err)], [2, true]);
    assert.equal((await deploy(['status', '--server', server, '--token', 'mfci_dead'])).code, 2);
    assert.match((await deploy(['status', '--who', 'someone-else', ...viaFlags])).err, /--who: the server records who you are/);
    assert.match((await deploy(['status', '--server', server])).err, /--server needs --token/);
    // The folder mode is untouched: the same verbs on a store folder, no server.
    const folder = await deploy(['publish', 'mf-tools', '--store', path.join(repo, 'folder-store'), '--host', path.join(web.dir, 'host-shell', 'dist')]);
    assert.equal(folder.code, 0, folder.err);
    assert.ok(await new ReleaseStore(new FolderBlobStore(path.join(repo, 'folder-store'))).readRelease('mf-tools', '2.1.0'));
  });
});

describe('the release API on the bucket store', () => {
  const web = tempDir('release-api-bucket-web');
  const storage = tempDir('release-api-bucket');
  const builds = tempDir('release-api-bucket-builds');
  const bucket = new DiskObjectStore(storage.dir, 'creator', '/oss');
  const store = new ReleaseStore(new BucketBlobStore(releaseObjects(bucket), 'releases/'));

  before(async () => {
    await webRootWithHost(web.dir);
  });
  const harness = setUpTestApp({
    overrides: { webRoot: web.dir, releasesBucketPrefix: 'releases' },
    deps: { storage: bucket },
    cleanUp: [web.remove, storage.remove, builds.remove],
  });

  it('publishes into the bucket and rolls out there, as an admin', async () => {
    const admin = await addTestOperator(harness.database.db, 'admin');
    const token = await signInOperator(harness.app, harness.database.db, admin);
    const api = client(harness.app);
    const uploaded = await api.upload(token, 'mf-drafts', await archiveOf(builds.dir, 'mf-drafts', '1.0.0'));
    assert.equal(uploaded.body.code, 0, uploaded.body.msg);
    assert.equal((await api.call(token, 'promote', { remote: 'mf-drafts', version: '1.0.0', reason: 'first release' })).body.code, 0);
    assert.ok(await bucket.head('releases/mf-drafts/1.0.0/remoteEntry.js'));
    assert.equal((await store.readManifest('production')).remotes['mf-drafts']?.stable?.version, '1.0.0');
    const served = await harness.app.inject({ method: 'GET', url: '/releases/mf-drafts/1.0.0/remoteEntry.js' });
    assert.equal(served.statusCode, 200);
  });
});
