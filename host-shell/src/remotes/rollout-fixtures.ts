/** The rollout view the host tests plan from: mf-tools with stable 1.0.0, a canary 1.1.0 and a QA-only 0.9.0. */
import { bucketOf } from 'deploy/bucket';
import type { HostRollout } from './rollout';

export const ROUTES = [{ path: '/rights', module: './Rights', title: '权益' }];
const ref = (version: string) => ({
  version,
  entry: 'mf-manifest.json',
  integrity: { 'mf-manifest.json': `sha384-m${version}`, 'remoteEntry.js': `sha384-e${version}` },
});

export function rolloutView(userId: string | null, percent = 50, extra: Partial<HostRollout['remotes'][string]> = {}): HostRollout {
  return {
    revision: 3,
    salt: 'salt',
    baseUrl: '/releases/',
    userId,
    remotes: {
      'mf-tools': {
        stable: ref('1.0.0'),
        canary: { ...ref('1.1.0'), percent },
        pins: {},
        qaUsers: [],
        versions: { '1.0.0': { ...ref('1.0.0'), routes: ROUTES }, '1.1.0': { ...ref('1.1.0'), routes: ROUTES }, '0.9.0': { ...ref('0.9.0'), routes: ROUTES } },
        ...extra,
      },
    },
  };
}

/** A user in the canary bucket and one outside it, for 50 %. */
export function usersAround(percent: number): { inside: string; outside: string } {
  const ids = Array.from({ length: 200 }, (_, i) => String(i + 1));
  const inside = ids.find((id) => bucketOf(id, 'mf-tools', 'salt') < percent) ?? '';
  const outside = ids.find((id) => bucketOf(id, 'mf-tools', 'salt') >= percent) ?? '';
  return { inside, outside };
}
