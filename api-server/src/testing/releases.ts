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

/** The file of `publishMappedChunk`, under its release: what a stack frame of the chunk names. */
export const MAPPED_CHUNK_FILE = 'static/js/main.1234abcd.js';

/**
 * Adds to a published release a two-line chunk and its hidden source map, as a build leaves them:
 * generated line 2 comes from line 3 of src/screens/broken-screen.tsx (VLQ `AAEA`: same column,
 * source 0, two lines further, column 0). A frame `…/main.1234abcd.js:2:N` maps to
 * `src/screens/broken-screen.tsx:3:1`.
 */
export async function publishMappedChunk(store: ReleaseStore, remote: string, version: string): Promise<void> {
  const map = { version: 3, file: 'main.1234abcd.js', sources: [`webpack://${remote}/./src/screens/broken-screen.tsx`], names: [], mappings: 'AAAA;AAEA' };
  await store.blobs.put(`${remote}/${version}/${MAPPED_CHUNK_FILE}`, Buffer.from('var a = 1;\nthrow new Error("boom");\n'), 'application/javascript');
  await store.blobs.put(`${remote}/${version}/${MAPPED_CHUNK_FILE}.map`, Buffer.from(JSON.stringify(map)), 'application/json');
}
