/** The release store in the object storage bucket (RELEASES_BUCKET_PREFIX), and the load reports' own rate limit. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BucketBlobStore, ReleaseStore, operations } from 'deploy';
import type { RemotesList } from 'shared-sdk/contract';
import { DiskObjectStore } from '../../storage/disk-object-store';
import { publishTestRelease as release } from '../../testing/releases';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { body, login, signed } from '../../testing/signed';
import { LOAD_REPORTS_PER_MINUTE } from '../runtime/rollout-routes';
import { releaseObjects } from '../../storage/release-objects';

describe('releases in the object storage bucket', () => {
  const storageDir = tempDir('creator-bucket');
  const web = tempDir('creator-web');
  const bucket = new DiskObjectStore(storageDir.dir, 'creator', '/oss');
  const harness = setUpTestApp({
    overrides: { webRoot: web.dir, releasesBucketPrefix: 'releases' },
    deps: { storage: bucket },
    cleanUp: [storageDir.remove, web.remove],
  });
  // What a CI job would write with the deploy package: the same bucket, the same prefix.
  const store = new ReleaseStore(new BucketBlobStore(releaseObjects(bucket), 'releases/'));

  it('lists the stable release and serves its files from the bucket', async () => {
    await release(store, 'mf-tools', '2.0.0');
    await operations.promote({ store, env: 'production', who: 'test' }, 'mf-tools', '2.0.0');
    assert.ok(await bucket.head('releases/manifests/production.json'), 'the manifest lives under the prefix');

    const listed = body<RemotesList>(await harness.app.inject({ method: 'GET', url: '/api/runtime/remotes' })).data.remotes;
    assert.deepEqual(
      listed.map((r) => [r.name, r.version, r.manifestUrl]),
      [['mf_tools', '2.0.0', '/releases/mf-tools/2.0.0/mf-manifest.json']],
    );
    const file = await harness.app.inject({ method: 'GET', url: '/releases/mf-tools/2.0.0/remoteEntry.js' });
    assert.equal(file.statusCode, 200);
    assert.equal(file.body, 'var v = "2.0.0";');
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('limits load reports per address on their own, and counts none it refused', async () => {
    const token = await login(harness.app, '13800000001');
    let page = 0;
    const report = (version: string) =>
      signed(harness.app, {
        method: 'POST',
        url: '/api/runtime/remote-load',
        token,
        params: { remote: 'mf-tools', version, ok: 'false', phase: 'entry', pageLoad: `page-load-${++page}` },
      });
    // One after the other, as browsers send them (the limiter's counter is read after its await).
    for (let i = 0; i < LOAD_REPORTS_PER_MINUTE - 1; i++) assert.equal((await report('0.0.1')).statusCode, 200);
    assert.equal((await report('2.0.0')).statusCode, 200);
    assert.equal((await report('2.0.0')).statusCode, 429);
    assert.deepEqual((await store.readStats('production'))['mf-tools']?.['2.0.0'], { loads: 1, failures: 1 });
    // Other routes keep the general limit.
    assert.equal((await harness.app.inject({ method: 'GET', url: '/api/runtime/rollout' })).statusCode, 200);
  });
});
