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

test('a running canary is left alone', async (t) => {
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
});
