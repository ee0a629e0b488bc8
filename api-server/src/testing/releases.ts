/** A minimal published release (manifest, entry, release.json) in a release store, for tests. */
import type { ReleaseInfo, ReleaseStore } from 'deploy';

export const TEST_RELEASE_ROUTES = [{ path: '/rights', module: './Rights', title: '权益' }];

export async function publishTestRelease(store: ReleaseStore, remote: string, version: string): Promise<void> {
  const info: ReleaseInfo = {
    remote,
    version,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: 'test',
    entry: 'mf-manifest.json',
    remoteEntry: 'remoteEntry.js',
    files: ['mf-manifest.json', 'remoteEntry.js'],
    integrity: {},
    shared: {},
    routes: TEST_RELEASE_ROUTES,
  };
  await store.blobs.put(`${remote}/${version}/mf-manifest.json`, Buffer.from(`{"id":"${version}"}`), 'application/json');
  await store.blobs.put(`${remote}/${version}/remoteEntry.js`, Buffer.from(`var v = "${version}";`), 'application/javascript');
  await store.blobs.put(`${remote}/${version}/release.json`, Buffer.from(JSON.stringify(info)), 'application/json');
}
