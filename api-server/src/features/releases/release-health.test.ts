/**
 * The 发布 pages' read of one remote (releaseHealth): per version the loads, load failures and error
 * sessions of the current run and the top errors with mapped stacks, for the callers of the release
 * list and within their scope only.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, operations } from 'deploy';
import { ApiCode, type ErrorReportItem } from 'shared-sdk/contract';
import type { releases } from 'shared-sdk/contract/schemas';
import { publishMappedChunk, publishTestRelease } from '../../testing/releases';
import { type TestOperator, addTestOperator, operatorCall, signInOperator } from '../../testing/operators';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { countLoadReport } from '../runtime/load-counts';

describe('release health: what users see of each version', () => {
  const web = tempDir('release-health-web');
  const store_ = tempDir('release-health-store');
  // A high judging minimum: the analysis must not roll the canary back while the test reports errors.
  const harness = setUpTestApp({
    overrides: { webRoot: web.dir, releasesDir: store_.dir, releaseEnv: 'production', rollbackMinLoads: 1000 },
    cleanUp: [web.remove, store_.remove],
  });
  const store = new ReleaseStore(new FolderBlobStore(store_.dir));
  const ctx = { store, env: 'production', who: 'test' };
  const tokens: Record<string, string> = {};
  const ops: Record<string, TestOperator> = {};
  let pageLoads = 0;

  const health = (token: string, remote: string) =>
    operatorCall<releases.ReleaseHealth>(harness.app, { url: '/api/operator/releases/health', token, query: { remote } });

  before(async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      await publishTestRelease(store, 'mf-tools', version);
      await publishMappedChunk(store, 'mf-tools', version);
    }
    await operations.promote(ctx, 'mf-tools', '1.0.0');
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
    for (const role of ['admin', 'viewer', 'moderator', 'release_manager']) {
      ops[role] = await addTestOperator(harness.database.db, role);
      tokens[role] = await signInOperator(harness.app, harness.database.db, ops[role]);
    }
    ops.editorManager = await addTestOperator(harness.database.db, 'release_manager');
    tokens.editorManager = await signInOperator(harness.app, harness.database.db, ops.editorManager);
    const scope = (id: number, remotes: string[]) =>
      operatorCall(harness.app, {
        url: '/api/operator/operators/release-scope',
        token: tokens.admin,
        payload: { id, remotes, envs: ['production'], reason: 'team scope' },
      });
    assert.equal((await scope(ops.release_manager!.id, ['mf-tools'])).body.code, 0);
    assert.equal((await scope(ops.editorManager.id, ['mf-editor'])).body.code, 0);

    // Loads of this canary run: stable 10 (1 failed), canary 4 (1 failed).
    const run = (await store.readManifest('production')).remotes['mf-tools']?.canary?.since ?? 0;
    const load = (version: string, n: number, ok: boolean) =>
      countLoadReport(harness.database.db, {
        env: 'production',
        remote: 'mf-tools',
        version,
        run,
        userId: 1,
        pageLoad: `load-${n}`,
        ok,
        phase: ok ? 'ok' : 'entry',
      });
    for (let n = 0; n < 10; n++) await load('1.0.0', n, n !== 0);
    for (let n = 10; n < 14; n++) await load('1.1.0', n, n !== 10);

    // Two page loads of the canary report errors (one of them twice), through the real report call.
    const user = await login(harness.app, '13800000003');
    const report = (items: ErrorReportItem[]) =>
      signed(harness.app, {
        method: 'POST',
        url: '/api/runtime/error-report',
        token: user,
        params: { pageLoad: `error-page-${++pageLoads}`, items: JSON.stringify(items) },
      });
    const crash: ErrorReportItem = {
      remote: 'mf-tools',
      version: '1.1.0',
      kind: 'error',
      message: 'Cannot read properties of undefined (reading "title")',
      stack: 'TypeError: boom\n    at BrokenScreen (http://localhost:8080/releases/mf-tools/1.1.0/static/js/main.1234abcd.js:2:7)',
      count: 2,
    };
    assert.equal(body<{ recorded: number }>(await report([crash])).data.recorded, 1);
    assert.equal(
      body<{ recorded: number }>(await report([crash, { ...crash, kind: 'api', message: 'POST /api/tool/list 502', stack: undefined, count: 1 }])).data
        .recorded,
      2,
    );
    // One page load of the canary measured a poor LCP (5 s) and a good INP, through the same call.
    const vitals = [
      { remote: 'mf-tools', version: '1.1.0', name: 'LCP', value: 5000, rating: 'poor' },
      { remote: 'mf-tools', version: '1.1.0', name: 'INP', value: 120, rating: 'good' },
    ];
    const measured = await signed(harness.app, {
      method: 'POST',
      url: '/api/runtime/error-report',
      token: user,
      params: { pageLoad: `error-page-${++pageLoads}`, items: '[]', vitals: JSON.stringify(vitals) },
    });
    assert.equal(body<{ vitals: number }>(measured).data.vitals, 2);
  });

  it("answers per version the current run's counts and the top errors with mapped stacks", async () => {
    const answer = await health(tokens.release_manager!, 'mf-tools');
    assert.equal(answer.body.code, 0, answer.body.msg);
    const { env, remote, versions } = answer.body.data;
    assert.deepEqual([env, remote], ['production', 'mf-tools']);
    assert.deepEqual(
      versions.map((v) => [v.version, v.role, v.loads, v.failures, v.error_sessions, v.top_errors.length]),
      [
        ['1.0.0', 'stable', 10, 1, 0, 0],
        ['1.1.0', 'canary', 4, 1, 2, 2],
      ],
    );
    assert.deepEqual(
      versions.map((v) => [v.version, v.vitals]),
      [
        ['1.0.0', { LCP: { views: 0, poor: 0 }, INP: { views: 0, poor: 0 } }],
        ['1.1.0', { LCP: { views: 1, poor: 1 }, INP: { views: 1, poor: 0 } }],
      ],
      "the field vitals users' pages measured, poor ones apart",
    );
    const [top, api] = versions[1]!.top_errors;
    assert.equal(top?.count, 4, 'the same fault folds over page loads');
    assert.equal(top?.kind, 'error');
    assert.equal(top?.source, 'src/screens/broken-screen.tsx:3:1');
    assert.match(top?.stack ?? '', /at BrokenScreen \(src\/screens\/broken-screen\.tsx:3:1\)/);
    assert.ok(Date.parse(top!.first_seen) <= Date.parse(top!.last_seen));
    assert.deepEqual([api?.kind, api?.message, api?.stack, api?.count], ['api', 'POST /api/tool/list 502', '', 1]);
  });

  it('lets admins read every remote; a version never released answers empty', async () => {
    const answer = await health(tokens.admin!, 'mf-editor');
    assert.equal(answer.body.code, 0, answer.body.msg);
    assert.deepEqual(answer.body.data.versions, []);
  });

  it('refuses callers without release permission or outside their scope, and unknown remotes, without a 5xx', async () => {
    for (const who of ['viewer', 'moderator']) {
      const refused = await health(tokens[who]!, 'mf-tools');
      assert.equal(refused.status, 403, who);
    }
    const outside = await health(tokens.editorManager!, 'mf-tools');
    assert.equal(outside.status, 403);
    assert.equal(outside.body.code, ApiCode.FORBIDDEN);
    assert.equal(outside.body.msg, '无权发布该模块或环境');
    assert.ok(!JSON.stringify(outside.body).includes('broken-screen'));
    const unknown = await health(tokens.admin!, 'mf-nope');
    assert.equal(unknown.body.code, ApiCode.INVALID_PARAMS);
    for (const bad of ['../x', '', 'MF-TOOLS']) {
      const refused = await health(tokens.admin!, bad);
      assert.equal(refused.body.code, ApiCode.INVALID_PARAMS, `${bad}: ${JSON.stringify(refused.body)}`);
      assert.ok(refused.status < 500);
    }
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/operator/releases/health?remote=mf-tools' });
    assert.equal(anonymous.statusCode, 401);
  });
});
