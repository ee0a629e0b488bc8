/** Remotes from the release store, the per-user rollout view, load reports and auto-rollback. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, bucketOf, operations } from 'deploy';
import type { FastifyInstance } from 'fastify';
import type { RemotesList } from 'shared-sdk/contract';
import { publishTestRelease as release, TEST_RELEASE_ROUTES as ROUTES } from '../../testing/releases';
import { buildTestApp, tempDir } from '../../testing/test-app';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';
import { body, login } from '../../testing/signed';
import type { RolloutView } from './rollout-routes';

describe('runtime: releases and staged rollout', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const web = tempDir('creator-web');
  const releases = tempDir('creator-releases');
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  const ctx = { store, env: 'production', who: 'test' };

  before(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database, { webRoot: web.dir, releasesDir: releases.dir, rollbackMinLoads: 3, rollbackMarginPct: 5 });
  });
  after(async () => {
    await app.close();
    await database.close();
    web.remove();
    releases.remove();
  });

  const remotes = async () => body<RemotesList>(await app.inject({ method: 'GET', url: '/api/runtime/remotes' })).data.remotes;
  const rollout = async (token = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/runtime/rollout?token=${encodeURIComponent(token)}` });
    assert.equal(response.headers['cache-control'], 'no-cache');
    return body<RolloutView>(response).data;
  };
  const report = (fields: Record<string, string>) => app.inject({ method: 'POST', url: '/api/runtime/remote-load', payload: fields });

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

    const file = await app.inject({ method: 'GET', url: '/releases/mf-tools/1.0.0/remoteEntry.js' });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(file.headers['content-type']), /javascript/);
    assert.equal(file.body, 'var v = "1.0.0";');
    for (const url of ['/releases/mf-tools/1.0.0/missing.js', '/releases/manifests/production/0000000001.json', '/releases/stats/x/production.json', '/releases/mf-tools/../manifests/production.json', '/releases/mf-tools/1.0.0/..%2F..%2Fmanifests%2Fproduction.json']) {
      const missing = await app.inject({ method: 'GET', url });
      assert.equal(missing.statusCode, 404, url);
      assert.doesNotMatch(missing.body, /revision/, url);
    }
  });

  it('gives each user the version of their bucket, a visitor stable only, and follows CLI changes at once', async () => {
    await release(store, 'mf-tools', '1.1.0');
    await operations.canary(ctx, 'mf-tools', '1.1.0', 50);
    const token = await login(app, '13800000001');
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

  it('counts load reports (JSON or form) for versions handed out, and refuses bad ones', async () => {
    assert.equal((await report({ remote: 'mf-tools', version: '1.0.0', ok: 'true', phase: 'entry' })).statusCode, 200);
    const form = await app.inject({
      method: 'POST',
      url: '/api/runtime/remote-load',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'remote=mf-tools&version=1.0.0&ok=1&phase=screen',
    });
    assert.equal(body<{ recorded: boolean }>(form).data.recorded, true);
    assert.equal(body<{ recorded: boolean }>(await report({ remote: 'mf-tools', version: '9.9.9', ok: 'true', phase: 'entry' })).data.recorded, false);
    assert.equal((await report({ remote: 'manifests', version: '1.0.0', ok: 'true', phase: 'entry' })).statusCode, 400);
    assert.equal((await report({ remote: 'mf-tools', version: '1.0.0', ok: 'true', phase: 'nope' })).statusCode, 400);
    assert.deepEqual((await store.readStats('production'))['mf-tools'], { '1.0.0': { loads: 2, failures: 0 } });
  });

  it('rolls a failing canary back automatically once it has enough loads', async () => {
    const results = await Promise.all([1, 2, 3].map(() => report({ remote: 'mf-tools', version: '1.1.0', ok: 'false', phase: 'entry' })));
    const rolledBack = results.flatMap((r) => body<{ rolledBack: string[] }>(r).data.rolledBack);
    assert.deepEqual(rolledBack, ['mf-tools@1.1.0']);
    assert.deepEqual((await store.readStats('production'))['mf-tools']?.['1.1.0'], { loads: 3, failures: 3 });
    const manifest = await store.readManifest('production');
    assert.equal(manifest.remotes['mf-tools']?.canary, undefined);
    assert.equal(manifest.remotes['mf-tools']?.history.at(-1)?.action, 'auto-rollback');
  });
});
