import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import test from 'node:test';
import * as operations from '../operations';
import { publish } from '../publish/publish';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';
import { HOST, tempDir, writeBuild } from '../testing/fixtures';
import { contentHash, embeddedPublish } from './embedded-publish';

async function setup(t: Parameters<typeof tempDir>[0]) {
  const root = await tempDir(t);
  const storeDir = path.join(root, 'releases');
  const dist = path.join(root, 'mf-drafts', 'dist');
  await writeBuild(dist, { version: '1.0.0' });
  const run = () => embeddedPublish({ repoRoot: root, storeDir, host: HOST, remotes: ['mf-drafts', 'mf-tools'] });
  return { root, storeDir, dist, run, store: new ReleaseStore(new FolderBlobStore(storeDir)) };
}

test('publishes each built remote as <version>-b<hash> and makes it stable; an unbuilt one is skipped', async (t) => {
  const { dist, run, store } = await setup(t);
  const version = `1.0.0-b${await contentHash(dist)}`;
  assert.match(version, /^1\.0\.0-b[0-9a-f]{8}$/);
  const results = await run();
  assert.deepEqual(results, [
    { remote: 'mf-drafts', version, published: true, promoted: true },
    { remote: 'mf-tools', version: null, published: false, promoted: false, skipped: 'not built' },
  ]);
  const manifest = await store.readManifest('production');
  assert.equal(manifest.remotes['mf-drafts']?.stable?.version, version);
  assert.ok(await store.readRelease('mf-drafts', version));
});

test('the same build again changes nothing; a new build is published and made stable', async (t) => {
  const { dist, run, store } = await setup(t);
  await run();
  const revision = (await store.readManifest('production')).revision;
  assert.deepEqual((await run())[0], { remote: 'mf-drafts', version: `1.0.0-b${await contentHash(dist)}`, published: false, promoted: false });
  assert.equal((await store.readManifest('production')).revision, revision);

  const first = `1.0.0-b${await contentHash(dist)}`;
  await fs.appendFile(path.join(dist, 'remoteEntry.js'), '\n// changed');
  const second = `1.0.0-b${await contentHash(dist)}`;
  assert.notEqual(first, second);
  assert.deepEqual((await run())[0], { remote: 'mf-drafts', version: second, published: true, promoted: true });
  const manifest = await store.readManifest('production');
  assert.equal(manifest.remotes['mf-drafts']?.stable?.version, second);
  assert.equal(manifest.remotes['mf-drafts']?.previousStable[0]?.version, first);
});

test('a running canary is left alone, and stays so after it ends', async (t) => {
  const { root, dist, run, store, storeDir } = await setup(t);
  await run();
  const v2 = path.join(root, 'v2');
  await writeBuild(v2, { version: '1.1.0' });
  await embeddedPublish({ repoRoot: root, storeDir, host: HOST, remotes: ['mf-drafts'], distOf: () => v2 });
  // 1.1.0-b… became stable above; start a canary of a published 1.2.0 and rebuild 1.0.0.
  const v3 = path.join(root, 'v3');
  await writeBuild(v3, { version: '1.2.0' });
  await publish(store, { remote: 'mf-drafts', distDir: v3, host: HOST, who: 'ana' });
  await operations.canary({ store, env: 'production', who: 'ana' }, 'mf-drafts', '1.2.0', 10);
  await fs.appendFile(path.join(dist, 'remoteEntry.js'), '\n// changed');
  const [result] = await run();
  assert.equal(result?.published, true);
  assert.equal(result?.promoted, false);
  assert.equal((await store.readManifest('production')).remotes['mf-drafts']?.canary?.version, '1.2.0');
  await operations.rollback({ store, env: 'production', who: 'ana' }, 'mf-drafts');
  await fs.appendFile(path.join(dist, 'remoteEntry.js'), '\n// changed again');
  assert.equal((await run())[0]?.promoted, false);
  assert.match((await store.readManifest('production')).remotes['mf-drafts']?.stable?.version ?? '', /^1\.1\.0-b/);
});

test("an operator's rollback survives the next start-up: the build is published, stable is not touched", async (t) => {
  const { dist, run, store } = await setup(t);
  await run();
  const first = `1.0.0-b${await contentHash(dist)}`;
  await fs.appendFile(path.join(dist, 'remoteEntry.js'), '\n// v2');
  await run();
  const second = `1.0.0-b${await contentHash(dist)}`;
  await operations.rollback({ store, env: 'production', who: 'ana' }, 'mf-drafts', 'broken upload button');
  const rolledBack = await store.readManifest('production');
  assert.equal(rolledBack.remotes['mf-drafts']?.stable?.version, first);

  // Restarted with the same dist (the build that was rolled back), then with a new build.
  assert.deepEqual((await run())[0], { remote: 'mf-drafts', version: second, published: false, promoted: false });
  await fs.appendFile(path.join(dist, 'remoteEntry.js'), '\n// v3');
  const third = `1.0.0-b${await contentHash(dist)}`;
  assert.deepEqual((await run())[0], { remote: 'mf-drafts', version: third, published: true, promoted: false });
  const after = await store.readManifest('production');
  assert.equal(after.remotes['mf-drafts']?.stable?.version, first);
  assert.equal(after.revision, rolledBack.revision, 'no manifest write at all');
  assert.ok(await store.readRelease('mf-drafts', third), 'the new build is published, for an operator to canary');
});
