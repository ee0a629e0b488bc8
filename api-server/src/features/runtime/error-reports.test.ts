/** Error reports from users' pages: who may send them, which count, stacks mapped to source lines, nothing personal kept. */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, operations } from 'deploy';
import type { ErrorReportAnswer, ErrorReportItem, VitalReportItem } from 'shared-sdk/contract';
import type { releases } from 'shared-sdk/contract/schemas';
import { addTestOperator, operatorCall, signInOperator } from '../../testing/operators';
import { publishMappedChunk, publishTestRelease as release } from '../../testing/releases';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { blurPersonal, errorSessions, fingerprintOf, topErrors } from './error-reports';
import { AUTO_ROLLBACK_ACTOR } from './canary-judge';
import { currentRunStats } from './load-counts';

describe('runtime: error reports', () => {
  const web = tempDir('creator-web');
  const releases = tempDir('creator-releases');
  const harness = setUpTestApp({ overrides: { webRoot: web.dir, releasesDir: releases.dir }, cleanUp: [web.remove, releases.remove] });
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  const ctx = { store, env: 'production', who: 'test' };
  let pageLoads = 0;
  const newPageLoad = () => `error-page-${++pageLoads}`;

  before(async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      await release(store, 'mf-tools', version);
      await publishMappedChunk(store, 'mf-tools', version);
    }
    await operations.promote(ctx, 'mf-tools', '1.0.0');
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
  });

  const send = (token: string, items: unknown, pageLoad = newPageLoad()) =>
    signed(harness.app, {
      method: 'POST',
      url: '/api/runtime/error-report',
      token,
      params: { pageLoad, items: typeof items === 'string' ? items : JSON.stringify(items) },
    });

  const item = (fields: Partial<ErrorReportItem> = {}): ErrorReportItem => ({
    remote: 'mf-tools',
    version: '1.1.0',
    kind: 'error',
    message: 'Cannot read properties of undefined (reading "title")',
    stack:
      'TypeError: boom\n    at BrokenScreen (http://localhost:8080/releases/mf-tools/1.1.0/static/js/main.1234abcd.js:2:7)\n    at renderWithHooks (http://localhost:8080/static/js/vendor.js:10:20)',
    count: 1,
    ...fields,
  });

  it("maps a canary's stack to the source file and line, and counts the page load once", async () => {
    const token = await login(harness.app, '13800000001');
    const pageLoad = newPageLoad();
    const answer = body<ErrorReportAnswer>(await send(token, [item(), item({ count: 2 })], pageLoad));
    assert.equal(answer.code, 0, answer.msg);
    assert.equal(answer.data.recorded, 2);
    const [top] = await topErrors(harness.app, 'production', 'mf-tools', '1.1.0');
    assert.equal(top?.source, 'src/screens/broken-screen.tsx:3:1');
    assert.match(top?.stack ?? '', /at BrokenScreen \(src\/screens\/broken-screen\.tsx:3:1\)\nat renderWithHooks \(\/static\/js\/vendor\.js:10:20\)/);
    assert.equal(top?.count, 3, 'the same fault folds into one row');
    assert.equal(top?.fingerprint, fingerprintOf('error', item().message, 'src/screens/broken-screen.tsx:3:1'));
    const manifest = await store.readManifest('production');
    const run = manifest.remotes['mf-tools']?.canary?.since ?? 0;
    assert.equal(await errorSessions(harness.app, 'production', 'mf-tools', '1.1.0', run), 1, 'one page load with errors');
    await send(token, [item({ kind: 'api', message: 'POST /api/tool/list 502', stack: undefined })], pageLoad);
    assert.equal(await errorSessions(harness.app, 'production', 'mf-tools', '1.1.0', run), 1, 'still one page load');
  });

  it('counts only versions the rollout hands this user (or stable), and refuses malformed batches without a 5xx', async () => {
    const token = await login(harness.app, '13800000002');
    const skipped = body<ErrorReportAnswer>(await send(token, [item({ version: '9.9.9' }), item({ remote: 'mf-editor' }), item({ remote: 'manifests' })]));
    assert.equal(skipped.data.recorded, 0);
    const stable = body<ErrorReportAnswer>(await send(token, [item({ version: '1.0.0' })]));
    assert.equal(stable.data.recorded, 1, 'stable after a canary fell back');
    for (const bad of [
      'not json',
      JSON.stringify({ remote: 'mf-tools' }),
      JSON.stringify(Array.from({ length: 21 }, () => item())),
      JSON.stringify([{ ...item(), kind: 'other' }]),
      JSON.stringify([{ ...item(), count: 0 }]),
      JSON.stringify([{ ...item(), message: 'x'.repeat(301) }]),
      JSON.stringify([{ ...item(), version: '../x' }]),
    ]) {
      const response = await send(token, bad);
      assert.equal(response.statusCode, 400, bad.slice(0, 60));
      assert.match(body(response).msg, /错误报告参数不正确/);
    }
    const badPage = await signed(harness.app, { method: 'POST', url: '/api/runtime/error-report', token, params: { pageLoad: 'x', items: '[]' } });
    assert.equal(badPage.statusCode, 400);
  });

  it("keeps the failed calls' last request ids per error, newest first, answered in the release health's top errors", async () => {
    const token = await login(harness.app, '13800000004');
    const failed = (requestIds?: string[]) =>
      item({ version: '1.0.0', kind: 'api', message: 'GET /api/tool/request-ids 502', stack: undefined, ...(requestIds ? { requestIds } : {}) });
    // Three page loads, each with two failed answers (newest first); then one without an id.
    for (const page of [1, 2, 3]) {
      const answer = body<ErrorReportAnswer>(await send(token, [failed([`req-${page}-second`, `req-${page}-first`])]));
      assert.equal(answer.data.recorded, 1, answer.msg);
    }
    assert.equal(body<ErrorReportAnswer>(await send(token, [failed()])).data.recorded, 1);
    // Values that are not request ids are dropped, the item still counted; more ids than an item carries is a malformed batch.
    assert.equal(body<ErrorReportAnswer>(await send(token, [failed(['x<script>alert(1)</script>', 'short'])])).data.recorded, 1);
    const refused = await send(token, [failed(Array.from({ length: 6 }, (_, n) => `req-many-${n}`))]);
    assert.equal(refused.statusCode, 400);
    assert.match(body(refused).msg, /错误报告参数不正确/);

    const admin = await addTestOperator(harness.database.db, 'admin');
    const operator = await signInOperator(harness.app, harness.database.db, admin);
    const health = await operatorCall<releases.ReleaseHealth>(harness.app, {
      url: '/api/operator/releases/health',
      token: operator,
      query: { remote: 'mf-tools' },
    });
    assert.equal(health.body.code, 0, health.body.msg);
    const stable = health.body.data.versions.find((v) => v.version === '1.0.0');
    const row = stable?.top_errors.find((e) => e.message === 'GET /api/tool/request-ids 502');
    assert.equal(row?.count, 5);
    assert.deepEqual(row?.request_ids, ['req-3-second', 'req-3-first', 'req-2-second', 'req-2-first', 'req-1-second'], 'the last five, newest first');
    const crash = health.body.data.versions.find((v) => v.version === '1.1.0')?.top_errors[0];
    assert.deepEqual(crash?.request_ids, [], 'an error reported without ids names none');
  });

  it('takes reports only from signed calls of a logged-in user', async () => {
    const params = { pageLoad: newPageLoad(), items: JSON.stringify([item()]) };
    const unsigned = await harness.app.inject({ method: 'POST', url: '/api/runtime/error-report', payload: params });
    assert.notEqual(body(unsigned).code, 0);
    const anonymous = await signed(harness.app, { method: 'POST', url: '/api/runtime/error-report', params });
    assert.notEqual(body(anonymous).code, 0);
  });

  it('keeps no phone number, e-mail address or query string, and reads no file outside the release', async () => {
    const token = await login(harness.app, '13800000001');
    const hostile = item({
      message: 'user 13812345678 <someone@example.com> failed',
      stack:
        'Error\n    at x (http://h/releases/mf-tools/1.1.0/static/js/main.1234abcd.js?token=secret123:2:1)\n    at y (http://h/releases/mf-tools/1.1.0/../../manifests/production.json:1:1)\n    at z (http://h/releases/mf-editor/1.0.0/static/js/main.1234abcd.js:2:1)',
    });
    assert.equal(body<ErrorReportAnswer>(await send(token, [hostile])).data.recorded, 1);
    const rows = await harness.database.db.selectFrom('remote_errors').selectAll().where('message', 'like', 'user %').execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.message, 'user [phone] <[email]> failed');
    assert.doesNotMatch(rows[0]?.stack ?? '', /secret123/);
    assert.match(rows[0]?.stack ?? '', /at x \(src\/screens\/broken-screen\.tsx:3:1\)/);
    assert.match(rows[0]?.stack ?? '', /at y \(\/releases\/mf-tools\/1\.1\.0\/\.\.\/\.\.\/manifests\/production\.json:1:1\)/, 'left as it came');
    assert.match(rows[0]?.stack ?? '', /at z \(\/releases\/mf-editor\/1\.0\.0\/static\/js\/main\.1234abcd\.js:2:1\)/, "another remote's file is not looked up");
  });
});

describe('runtime: personal data blurred in reports', () => {
  it('blurs phones and e-mail addresses in the text and in page addresses, but not in the script locations a stack is mapped by', () => {
    const stack = [
      'Error: 13812345678 a@b.cn',
      '    at x (https://h/releases/mf-tools/13912345678.0.0/static/js/main.1a2b.js:2:1)',
      '    at y (https://h/u/13712345678/page?tel=13612345678)',
      '    at z (https://h/releases/mf-tools/1.0.0/static/js/a.js?phone=13512345678:3:4)',
    ].join('\n');
    assert.equal(
      blurPersonal(stack),
      [
        'Error: [phone] [email]',
        '    at x (https://h/releases/mf-tools/13912345678.0.0/static/js/main.1a2b.js:2:1)',
        '    at y (https://h/u/[phone]/page)',
        '    at z (https://h/releases/mf-tools/1.0.0/static/js/a.js:3:4)',
      ].join('\n'),
    );
  });
});

describe('runtime: field vitals in the error report', () => {
  const web = tempDir('creator-web');
  const releases = tempDir('creator-releases');
  const harness = setUpTestApp({ overrides: { webRoot: web.dir, releasesDir: releases.dir, rollbackMinLoads: 3 }, cleanUp: [web.remove, releases.remove] });
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  const ctx = { store, env: 'production', who: 'test' };
  let pageLoads = 0;
  const newPageLoad = () => `vitals-page-${++pageLoads}`;

  before(async () => {
    await release(store, 'mf-tools', '1.0.0');
    await release(store, 'mf-tools', '1.1.0');
    await operations.promote(ctx, 'mf-tools', '1.0.0');
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
  });

  const vital = (fields: Partial<VitalReportItem> = {}): VitalReportItem => ({
    remote: 'mf-tools',
    version: '1.1.0',
    name: 'LCP',
    value: 1200,
    rating: 'good',
    ...fields,
  });
  const send = (token: string, vitals: unknown, pageLoad = newPageLoad(), items = '[]') =>
    signed(harness.app, {
      method: 'POST',
      url: '/api/runtime/error-report',
      token,
      params: { pageLoad, items, vitals: typeof vitals === 'string' ? vitals : JSON.stringify(vitals) },
    });
  const load = (token: string, version: string, pageLoad: string) =>
    signed(harness.app, {
      method: 'POST',
      url: '/api/runtime/remote-load',
      token,
      params: { remote: 'mf-tools', version, ok: 'true', phase: 'entry', pageLoad },
    });

  it('counts each page load once per metric and version, rated poor on the server by the thresholds', async () => {
    const token = await login(harness.app, '13800000001');
    const pageLoad = newPageLoad();
    assert.equal(body(await load(token, '1.1.0', pageLoad)).code, 0);
    // The page's own rating is not trusted: 4,500 ms is poor though it says good; 480 ms INP is not.
    const answer = body<ErrorReportAnswer>(await send(token, [vital({ value: 4500 }), vital({ name: 'INP', value: 480, rating: 'poor' })], pageLoad));
    assert.equal(answer.code, 0, answer.msg);
    assert.deepEqual(answer.data, { recorded: 0, vitals: 2 });
    // Sent again (a second page hide): still one view each.
    assert.equal(body<ErrorReportAnswer>(await send(token, [vital({ value: 900 })], pageLoad)).data.vitals, 0);
    // Another user's version or an unknown remote is left out; stable is taken.
    const other = body<ErrorReportAnswer>(await send(token, [vital({ version: '9.9.9' }), vital({ remote: 'mf-editor' }), vital({ version: '1.0.0' })]));
    assert.equal(other.data.vitals, 1);
    const stats = await currentRunStats(harness.database.db, 'production', await store.readManifest('production'));
    assert.deepEqual(stats['mf-tools']?.['1.1.0']?.vitals, { LCP: { views: 1, poor: 1 }, INP: { views: 1, poor: 0 } });
    // Without vitals the answer and the counts are what they were.
    const plain = body<ErrorReportAnswer>(
      await signed(harness.app, { method: 'POST', url: '/api/runtime/error-report', token, params: { pageLoad: newPageLoad(), items: '[]' } }),
    );
    assert.deepEqual(plain.data, { recorded: 0 });
  });

  it('refuses hostile vitals with a 400, never a 5xx, and keeps nothing of the batch', async () => {
    const token = await login(harness.app, '13800000002');
    const before = await harness.database.db
      .selectFrom('remote_vitals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const bad of [
      'not json',
      '{}',
      '[null]',
      JSON.stringify([{ ...vital(), value: -1 }]),
      JSON.stringify([{ ...vital(), value: 60_001 }]),
      '[{"remote":"mf-tools","version":"1.1.0","name":"LCP","value":1e999,"rating":"good"}]',
      JSON.stringify([{ ...vital(), value: '1200' }]),
      JSON.stringify([{ ...vital(), name: 'CLS' }]),
      JSON.stringify([{ ...vital(), rating: 'awful' }]),
      JSON.stringify([{ ...vital(), version: '../x' }]),
      JSON.stringify([{ ...vital(), remote: 'x'.repeat(5000) }]),
      JSON.stringify([vital(), vital(), vital(), vital(), vital()]),
      JSON.stringify([{ ...vital(), user: '13812345678' }]).padEnd(2001, ' '),
    ]) {
      const response = await send(token, bad);
      assert.equal(response.statusCode, 400, bad.slice(0, 80));
      assert.match(body(response).msg, /错误报告参数不正确/);
    }
    const after = await harness.database.db
      .selectFrom('remote_vitals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(after.n, before.n);
  });

  it('a canary whose page views mostly have a poor LCP is rolled back, the reason naming LCP', async () => {
    const token = await login(harness.app, '13800000003');
    // With the first test's page load: 3 canary loads and 3 measured views, all poor (judging from 3).
    for (let page = 1; page <= 2; page++) {
      const pageLoad = newPageLoad();
      assert.equal(body(await load(token, '1.1.0', pageLoad)).code, 0);
      assert.equal(body(await send(token, [vital({ value: 7000 + page, rating: 'poor' })], pageLoad)).code, 0);
    }
    const rollout = (await store.readManifest('production')).remotes['mf-tools'];
    assert.equal(rollout?.canary, undefined, 'the canary is gone');
    assert.equal(rollout?.history.at(-1)?.action, 'auto-rollback');
    assert.match(rollout?.history.at(-1)?.reason ?? '', /^canary poor-LCP share 100\.0 % over 3 views vs stable 0\.0 % over 0/);
  });
});

describe('runtime: a canary whose screens fail after loading is rolled back on the error reports', () => {
  const web = tempDir('creator-web');
  const releases = tempDir('creator-releases');
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  const ctx = { store, env: 'production', who: 'test' };
  const alerts: Record<string, unknown>[] = [];
  let hook: http.Server;

  before(async () => {
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
    overrides: () => {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`;
      return { webRoot: web.dir, releasesDir: releases.dir, rollbackMinLoads: 3, releaseWebhooks: [{ format: 'json', url }] };
    },
  });
  before(async () => {
    await release(store, 'mf-tools', '1.0.0');
    await release(store, 'mf-tools', '1.2.0');
    await operations.promote(ctx, 'mf-tools', '1.0.0');
    await operations.canary(ctx, 'mf-tools', '1.2.0', 100);
  });
  after(async () => {
    await new Promise<void>((resolve) => hook.close(() => resolve()));
    web.remove();
    releases.remove();
  });

  it('every load succeeds, every page then fails: rolled back with the figures, and the webhook is told', async () => {
    const token = await login(harness.app, '13800000001');
    for (let page = 1; page <= 3; page++) {
      const pageLoad = `canary-page-${page}`;
      const load = await signed(harness.app, {
        method: 'POST',
        url: '/api/runtime/remote-load',
        token,
        params: { remote: 'mf-tools', version: '1.2.0', ok: 'true', phase: 'entry', pageLoad },
      });
      assert.equal(body(load).code, 0);
      const report = await send(token, [{ remote: 'mf-tools', version: '1.2.0', kind: 'boundary', message: 'TypeError: x is undefined', count: 1 }], pageLoad);
      assert.equal(body(report).code, 0);
    }
    const manifest = await store.readManifest('production');
    const rollout = manifest.remotes['mf-tools'];
    assert.equal(rollout?.canary, undefined, 'the canary is gone');
    assert.equal(rollout?.stable?.version, '1.0.0');
    const last = rollout?.history.at(-1);
    assert.equal(last?.action, 'auto-rollback');
    assert.match(last?.reason ?? '', /^canary error-session rate 100\.0 % over 3 loads vs stable 0\.0 % over 0/);
    for (let i = 0; i < 50 && alerts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]?.event, 'auto-rollback');
    assert.equal(alerts[0]?.remote, 'mf-tools');
    assert.equal(alerts[0]?.version, '1.2.0');
    assert.equal(alerts[0]?.stable, '1.0.0');
    // With the analysis' figures: what the webhook's reader needs to judge the rollback.
    assert.deepEqual(alerts[0]?.figures, {
      version: '1.2.0',
      baseline: '1.0.0',
      loads: 3,
      baseline_loads: 0,
      failure_rate: 0,
      baseline_failure_rate: 0,
      error_rate: 1,
      baseline_error_rate: 0,
      p_value: 0,
    });
    assert.match(
      String(alerts[0]?.text),
      /分析：1\.2\.0 加载 3 次，失败率 0\.0%，错误率 100\.0%；对照 1\.0\.0 加载 0 次，失败率 0\.0%，错误率 0\.0%；p = 0\.000/,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(alerts.length, 1, 'told once');
    // On the operators' audit trail: exactly one row, the server as the actor, with the analysis' figures.
    const rows = await harness.database.db.selectFrom('operator_audit').selectAll().where('target_type', '=', 'release').execute();
    assert.deepEqual(
      rows.map((row) => [row.operator_id, row.operator_name, row.role, row.action, row.target_id, row.reason]),
      [[null, AUTO_ROLLBACK_ACTOR, 'system', 'release.rollback', 'production/mf-tools', last?.reason]],
    );
    assert.deepEqual(rows[0]!.before, { revision: 2, stable: '1.0.0', canary: { version: '1.2.0', percent: 100, paused: false } });
    const after = rows[0]!.after as Record<string, unknown>;
    assert.deepEqual(
      [after.stable, after.canary, after.version, after.canary_loads, after.canary_error_rate, after.stable_error_rate],
      ['1.0.0', null, '1.2.0', 3, 1, 0],
    );
  });

  const send = (token: string, items: unknown[], pageLoad: string) =>
    signed(harness.app, { method: 'POST', url: '/api/runtime/error-report', token, params: { pageLoad, items: JSON.stringify(items) } });
});
