import type { ReleaseInfo } from '../store/release-types';

/** A release.json as publish writes it, for tests of the rollout steps. */
export function release(version: string, remote = 'mf-drafts'): ReleaseInfo {
  return {
    remote,
    version,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: 'ci',
    entry: 'mf-manifest.json',
    remoteEntry: 'remoteEntry.js',
    files: ['mf-manifest.json', 'remoteEntry.js'],
    integrity: { 'mf-manifest.json': `sha384-m${version}`, 'remoteEntry.js': `sha384-e${version}` },
    shared: {},
    routes: [{ path: '/draft' }],
  };
}
