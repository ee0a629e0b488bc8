/** Remotes from the release store, the per-user rollout view, load reports and auto-rollback. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, bucketOf, operations } from 'deploy';
import type { FastifyInstance } from 'fastify';
import type { RemoteLoadAnswer, RemotesList, RolloutView } from 'shared-sdk/contract';
import { publishTestRelease as release, TEST_RELEASE_ROUTES as ROUTES } from '../../testing/releases';
import { buildTestApp, setUpTestApp, tempDir } from '../../testing/test-app';
import { openDatabase } from '../../db/connect';
import { body, login, signed } from '../../testing/signed';

/** Prometheus's text format read back, as the metrics test reads it. */
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (
  text: string,
) => Array<{ name: string; metrics: Array<{ labels?: Record<string, string>; value?: string }> }>;

describe('runtime: releases and staged rollout', () => {
  const web = tempDir('creator-web');
  const releases = tempDir('creator-releases');
  const harness = setUpTestApp({
    overrides: { webRoot: web.dir, releasesDir: releases.dir, rollbackMinLoads: 3, rollbackMarginPct: 5 },
    cleanUp: [web.remove, releases.remove],
  });
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  const ctx = { store, env: 'production', who: 'test' };

  const remotes = async () => body<RemotesList>(await harness.app.inject({ method: 'GET', url: '/api/runtime/remotes' })).data.remotes;
  const rollout = async (token = '', mf = '') => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/runtime/rollout?token=${encodeURIComponent(token)}&mf=${encodeURIComponent(mf)}` });
    assert.equal(response.headers['cache-control'], 'no-cache');
    return body<RolloutView>(response).data;
  };
  let pageLoads = 0;
  const newPageLoad = () => `page-load-${++pageLoads}`;
  /** A report as the host sends it: signed, with the user's token and this page load's id. */
  const report = (token: string, fields: Record<string, string>, server: FastifyInstance = harness.app) =>
    signed(server, { method: 'POST', url: '/api/runtime/remote-load', token, params: { phase: 'entry', pageLoad: newPageLoad(), ...fields } });
  const answer = async (response: Awaited<ReturnType<typeof report>>) => body<RemoteLoadAnswer>(response).data;
  const stats = async () => (await store.readStats('production'))['mf-tools'];

  it('without a manifest: the builds (none here) and an empty rollout', async () => {
    assert.deepEqual(await remotes(), []);
    const view = await rollout();
    assert.equal(view.revision, 0);
    assert.deepEqual(view.remotes, {});
  });

  it('lists each stable release and serves its files immutably, nothing else', async () => {
    await release(store, 'mf-tools', '1.0.0');
    await operations.promote(ctx, 'mf-tools', '1.0.0');
    assert.deepEqual(await remotes(), [{ name: 'mf_tools', version: '1.0.0', manifestUrl: '/releases/mf-tools/1.0.0/mf-manifest.json', routes: ROUTES }]);

    const file = await harness.app.inject({ method: 'GET', url: '/releases/mf-tools/1.0.0/remoteEntry.js' });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(file.headers['content-type']), /javascript/);
    assert.equal(file.body, 'var v = "1.0.0";');
    for (const url of [
      '/releases/mf-tools/1.0.0/missing.js',
      '/releases/manifests/production/0000000001.json',
      '/releases/stats/x/production.json',
      '/releases/mf-tools/../manifests/production.json',
      '/releases/mf-tools/1.0.0/..%2F..%2Fmanifests%2Fproduction.json',
    ]) {
      const missing = await harness.app.inject({ method: 'GET', url });
      assert.equal(missing.statusCode, 404, url);
      assert.doesNotMatch(missing.body, /revision/, url);
    }
  });

  it('gives each user the version of their bucket, a visitor stable only, and follows CLI changes at once', async () => {
    await release(store, 'mf-tools', '1.1.0');
    await operations.canary(ctx, 'mf-tools', '1.1.0', 50);
    const token = await login(harness.app, '13800000001');
    const signedIn = await rollout(token);
    assert.ok(signedIn.userId);
    const tools = signedIn.remotes['mf-tools'];
    assert.equal(tools?.canary?.version, '1.1.0');
    assert.deepEqual(Object.keys(tools?.versions ?? {}).sort(), ['1.0.0', '1.1.0']);
    assert.equal(tools?.versions['1.1.0']?.routes[0]?.path, '/rights');
    assert.equal(typeof bucketOf(signedIn.userId ?? '', 'mf-tools', signedIn.salt), 'number');

    const visitor = await rollout('not-a-token');
    assert.equal(visitor.userId, null);
    assert.equal(visitor.remotes['mf-tools']?.canary, undefined);
    assert.deepEqual(Object.keys(visitor.remotes['mf-tools']?.versions ?? {}), ['1.0.0']);
    // The remotes list stays on stable during a canary.
    assert.equal((await remotes())[0]?.version, '1.0.0');
  });

  it('refuses load reports without a login or a signature, and counts nothing for them', async () => {
    const fields = { remote: 'mf-tools', version: '1.1.0', ok: 'false', phase: 'entry', pageLoad: 'forged-page-1' };
    const unsigned = await harness.app.inject({ method: 'POST', url: '/api/runtime/remote-load', payload: fields });
    assert.notEqual(body(unsigned).code, 0, 'no signature, no token');
    const noToken = await signed(harness.app, { method: 'POST', url: '/api/runtime/remote-load', params: fields });
    assert.notEqual(body(noToken).code, 0, 'signed, without a session');
    const token = await login(harness.app, '13800000001');
    const unsignedWithToken = await harness.app.inject({ method: 'POST', url: '/api/runtime/remote-load', payload: { ...fields, token } });
    assert.notEqual(body(unsignedWithToken).code, 0, 'a token without a signature');
    assert.equal(
      (await signed(harness.app, { method: 'POST', url: '/api/runtime/remote-load', params: fields, token: 'not-a-token' })).statusCode >= 500,
      false,
    );
    assert.equal(await stats(), undefined);
  });

  it('counts one report per user, version and page load, only for the version the user is handed', async () => {
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
    const token = await login(harness.app, '13800000002');
    const same = { remote: 'mf-tools', version: '1.1.0', ok: 'true', pageLoad: 'page-load-a' };
    assert.equal((await answer(await report(token, same))).recorded, true);
    assert.equal((await answer(await report(token, same))).recorded, false, 'the same page load again');
    assert.equal((await answer(await report(token, { ...same, ok: 'false' }))).recorded, false, 'nor with another outcome');
    // At 100 % this user is handed the canary: a stable report, a retry or an unknown version counts nothing.
    const notHanded: Record<string, string>[] = [{ version: '1.0.0' }, { version: '1.1.0', phase: 'retry', ok: 'false' }, { version: '9.9.9' }];
    for (const fields of notHanded) {
      assert.equal((await answer(await report(token, { remote: 'mf-tools', ok: 'true', ...fields }))).recorded, false, JSON.stringify(fields));
    }
    const malformed: Record<string, string>[] = [
      { remote: 'manifests' },
      { phase: 'nope' },
      { pageLoad: '' },
      { pageLoad: 'x'.repeat(65) },
      { version: 'a/b' },
    ];
    for (const bad of malformed) {
      const response = await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'true', ...bad });
      assert.equal(response.statusCode, 400, JSON.stringify(bad));
      assert.match(body(response).msg, /加载报告参数不正确/);
    }
    assert.deepEqual(await stats(), { '1.1.0': { loads: 1, failures: 0 } });
  });

  it('counts concurrent reports from two servers over one database exactly', async () => {
    // A second server process: its own connection pool on PostgreSQL; the same embedded database on PGlite.
    const other = harness.database.url ? await openDatabase({ databaseUrl: harness.database.url }) : harness.database;
    const second = await buildTestApp(
      { ...other, url: harness.database.url },
      { webRoot: web.dir, releasesDir: releases.dir, rollbackMinLoads: 1000, rollbackMarginPct: 5 },
    );
    try {
      const tokens: string[] = [];
      for (const phone of ['13800000003', '13800000004', '13800000006']) tokens.push(await login(harness.app, phone));
      const sent = tokens.flatMap((token, u) =>
        Array.from({ length: 20 }, (_, i) => ({
          token,
          server: i % 2 ? harness.app : second,
          fields: { remote: 'mf-tools', version: '1.1.0', ok: String(i % 4 !== 0), pageLoad: `burst-${u}-${i % 10}` },
        })),
      );
      const answers = await Promise.all(sent.map(async ({ token, server, fields }) => answer(await report(token, fields, server))));
      // 3 users × 10 page loads, each sent twice: 30 counted, whichever server took it.
      assert.equal(answers.filter((a) => a.recorded).length, 30);
      const counted = await harness.database.db.selectFrom('remote_load_counts').selectAll().where('version', '=', '1.1.0').executeTakeFirstOrThrow();
      const failures = await harness.database.db
        .selectFrom('remote_load_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('version', '=', '1.1.0')
        .where('ok', '=', false)
        .executeTakeFirstOrThrow();
      assert.equal(counted.loads, 31);
      assert.equal(counted.failures, Number(failures.n));
    } finally {
      await second.close();
      if (other !== harness.database) await other.close();
    }
  });

  it('rolls a failing canary back once it has enough loads; started again, it is judged from zero', async () => {
    await harness.database.db.deleteFrom('remote_load_counts').execute();
    await harness.database.db.deleteFrom('remote_load_reports').execute();
    const token = await login(harness.app, '13800000007');
    const results = await Promise.all([1, 2, 3].map(async () => answer(await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'false' }))));
    assert.deepEqual(
      results.flatMap((r) => r.rolledBack),
      ['mf-tools@1.1.0'],
    );
    assert.deepEqual((await stats())?.['1.1.0'], { loads: 3, failures: 3 });
    let manifest = await store.readManifest('production');
    assert.equal(manifest.remotes['mf-tools']?.canary, undefined);
    assert.equal(manifest.remotes['mf-tools']?.history.at(-1)?.action, 'auto-rollback');

    // Fixed and started again: the old run's failures do not count against it.
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
    const again = await answer(await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'false' }));
    assert.deepEqual(again, { recorded: true, rolledBack: [] });
    assert.deepEqual((await stats())?.['1.1.0'], { loads: 1, failures: 1 });
    manifest = await store.readManifest('production');
    assert.equal(manifest.remotes['mf-tools']?.canary?.version, '1.1.0');
  });

  it('counts each verdict of the analysis on /metrics: a healthy one, then the rollback', async () => {
    const verdicts = async () => {
      const scraped = await harness.app.inject({ url: '/metrics' });
      assert.equal(scraped.statusCode, 200);
      const samples = parsePrometheus(scraped.body).find((f) => f.name === 'canary_verdicts_total')?.metrics ?? [];
      const count = (verdict: string) => Number(samples.find((m) => m.labels?.remote === 'mf-tools' && m.labels.verdict === verdict)?.value ?? 0);
      return { healthy: count('healthy'), rollback: count('rollback') };
    };
    // A new run of the canary: the earlier reports do not count.
    await operations.rollback(ctx, 'mf-tools', 'test: a fresh run');
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
    const token = await login(harness.app, '13800000007');
    for (let i = 0; i < 20; i++) assert.equal((await answer(await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'true' }))).recorded, true);
    const start = await verdicts();
    // 1 failure in 21 loads (4.8 %) is within the 5-point margin: judged healthy, kept.
    assert.deepEqual(await answer(await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'false' })), { recorded: true, rolledBack: [] });
    const healthy = await verdicts();
    assert.deepEqual([healthy.healthy - start.healthy, healthy.rollback - start.rollback], [1, 0]);
    // 2 in 22 (9.1 %): rolled back, counted once.
    assert.deepEqual((await answer(await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'false' }))).rolledBack, ['mf-tools@1.1.0']);
    const rolled = await verdicts();
    assert.deepEqual([rolled.healthy - start.healthy, rolled.rollback - start.rollback], [1, 1]);
    // Nothing left to judge: a later failure counts no verdict.
    await report(token, { remote: 'mf-tools', version: '1.1.0', ok: 'false' });
    assert.deepEqual(await verdicts(), rolled);
    await operations.canary(ctx, 'mf-tools', '1.1.0', 100);
  });

  it('adds any published version a QA user overrides to, and only for them', async () => {
    await release(store, 'mf-tools', '0.5.0');
    const qa = await login(harness.app, '13800000001');
    const qaId = (await rollout(qa)).userId ?? '';
    await operations.setQaUser(ctx, 'mf-tools', qaId, true);
    assert.deepEqual(Object.keys((await rollout(qa, 'mf-tools@0.5.0,mf-drafts@bad/..')).remotes['mf-tools']?.versions ?? {}).sort(), [
      '0.5.0',
      '1.0.0',
      '1.1.0',
    ]);
    const other = await login(harness.app, '13800000002');
    assert.deepEqual(Object.keys((await rollout(other, 'mf-tools@0.5.0')).remotes['mf-tools']?.versions ?? {}).sort(), ['1.0.0', '1.1.0']);
    assert.deepEqual(Object.keys((await rollout('', 'mf-tools@0.5.0')).remotes['mf-tools']?.versions ?? {}), ['1.0.0']);
  });
});
