import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ConflictError } from '../errors';
import { emptyRemote } from '../rollout/manifest';
import { tempDir, type Cleanup } from '../testing/fixtures';
import { memoryObjectStore } from '../testing/memory-object-store';
import type { BlobStore } from './blob-store';
import { BucketBlobStore } from './bucket-blob-store';
import { FolderBlobStore } from './folder-blob-store';
import { ReleaseStore } from './release-store';

const run = promisify(execFile);

const backends: [string, (t: Cleanup) => Promise<BlobStore>][] = [
  ['folder', async (t) => new FolderBlobStore(await tempDir(t))],
  ['bucket', async () => new BucketBlobStore(memoryObjectStore(), 'releases/')],
];

for (const [name, make] of backends) {
  test(`${name}: a missing manifest reads as revision 0 and each write adds one`, async (t) => {
    const store = new ReleaseStore(await make(t));
    const first = await store.readManifest('production');
    assert.equal(first.revision, 0);
    const written = await store.writeManifest('production', { ...first, remotes: { 'mf-drafts': emptyRemote() } }, 0);
    assert.equal(written.revision, 1);
    const again = await store.readManifest('production');
    assert.deepEqual(again, written);
    assert.equal((await store.updateManifest('production', (m) => m)).revision, 2);
  });

  test(`${name}: a write based on an old revision is refused with ConflictError`, async (t) => {
    const store = new ReleaseStore(await make(t));
    const base = await store.readManifest('production');
    await store.writeManifest('production', { ...base, salt: 'first' }, 0);
    await assert.rejects(store.writeManifest('production', { ...base, salt: 'second' }, 0), (error) => {
      assert.ok(error instanceof ConflictError);
      assert.match(error.message, /expected revision 0, found 1/);
      return true;
    });
    assert.equal((await store.readManifest('production')).salt, 'first');
  });

  test(`${name}: of writes racing in one process, exactly one lands`, async (t) => {
    const store = new ReleaseStore(await make(t));
    const base = await store.readManifest('production');
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => store.writeManifest('production', { ...base, salt: `w${i}` }, 0)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.ok(results.every((r) => r.status === 'fulfilled' || r.reason instanceof ConflictError));
  });

  test(`${name}: environments are independent`, async (t) => {
    const store = new ReleaseStore(await make(t));
    await store.updateManifest('staging', (m) => m);
    assert.equal((await store.readManifest('staging')).revision, 1);
    assert.equal((await store.readManifest('production')).revision, 0);
  });
}

test('a writer that stopped before refreshing the copy does not hide its revision', async (t) => {
  const blobs = new FolderBlobStore(await tempDir(t));
  const store = new ReleaseStore(blobs);
  const one = await store.writeManifest('production', await store.readManifest('production'), 0);
  // Revision 2 committed, but the process died before rewriting manifests/production.json.
  await blobs.create('manifests/production/0000000002.json', Buffer.from(JSON.stringify({ ...one, revision: 2, salt: 'two' })), 'application/json');
  assert.equal((await store.readManifest('production')).salt, 'two');
  await assert.rejects(store.writeManifest('production', one, 1), ConflictError);
});

test('of several processes writing the same revision at the same instant, exactly one wins', async (t) => {
  const root = await tempDir(t);
  const store = new ReleaseStore(new FolderBlobStore(root));
  await store.writeManifest('production', await store.readManifest('production'), 0);
  const startAt = String(Date.now() + 1500);
  const writers = Array.from({ length: 6 }, (_, i) =>
    run(process.execPath, ['--import', 'tsx', 'src/testing/cas-writer.ts', root, 'production', '1', `writer-${i}`, startAt]),
  );
  const results = (await Promise.all(writers)).map((r) => r.stdout.trim());
  assert.equal(results.filter((r) => r === 'won').length, 1, results.join(','));
  assert.equal(results.filter((r) => r === 'conflict').length, 5);
  const final = await store.readManifest('production');
  assert.equal(final.revision, 2);
  assert.equal(results[Number(final.salt.replace('writer-', ''))], 'won');
});

test('stats default to empty and round-trip', async (t) => {
  const store = new ReleaseStore(new FolderBlobStore(await tempDir(t)));
  assert.deepEqual(await store.readStats('production'), {});
  await store.writeStats('production', { 'mf-drafts': { '1.0.0': { loads: 3, failures: 1 } } });
  assert.deepEqual(await store.readStats('production'), { 'mf-drafts': { '1.0.0': { loads: 3, failures: 1 } } });
});
