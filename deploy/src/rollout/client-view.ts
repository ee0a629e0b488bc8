import type { StoredRoute } from '../store/release-types';
import type { RolloutChoiceInput, RolloutManifest, VersionRef } from './types';

/**
 * What one signed-in user's host receives: per remote the stable and canary refs, only this user's
 * pin and QA right (other users' ids stay on the server), and the routes of each version it may load.
 * The history stays out: it is for operators.
 */
export interface ClientRemote extends RolloutChoiceInput {
  /** Refs for every version in the choice, including this user's pin. */
  versions: Record<string, VersionRef & { routes: StoredRoute[] }>;
}

export interface ClientRollout {
  revision: number;
  salt: string;
  /** URL prefix under which `<remote>/<version>/<file>` is served. */
  baseUrl: string;
  remotes: Record<string, ClientRemote>;
}

/** Looks up a published release's ref and routes; the server reads them from the release store. */
export type ReleaseLookup = (remote: string, version: string) => Promise<(VersionRef & { routes: StoredRoute[] }) | null>;

/**
 * `overrides` (remote → version, the host's `?mf`): for a user on that remote's QA list, the
 * overridden version's refs join the view when it is published, whatever the rollout says of it.
 */
export async function clientRollout(
  manifest: RolloutManifest,
  userId: string,
  baseUrl: string,
  lookup: ReleaseLookup,
  overrides: Record<string, string> = {},
): Promise<ClientRollout> {
  const remotes: Record<string, ClientRemote> = {};
  for (const [name, rollout] of Object.entries(manifest.remotes)) {
    const pinned = rollout.pins[userId];
    const pins = pinned ? { [userId]: pinned } : {};
    const qa = userId !== '' && rollout.qaUsers.includes(userId);
    const overridden = qa ? overrides[name] : undefined;
    // A paused canary is left out of the view: nobody is bucketed onto it; pins and QA overrides still reach it.
    const live = rollout.canary && !rollout.canary.paused ? rollout.canary : undefined;
    const wanted = [rollout.stable?.version, live?.version, pinned, overridden].filter((v): v is string => !!v);
    const versions: ClientRemote['versions'] = {};
    for (const version of wanted) {
      const found = await lookup(name, version);
      if (found) versions[version] = found;
    }
    remotes[name] = {
      stable: rollout.stable,
      // The step plan is the server's business, not the host's.
      ...(live ? { canary: (({ plan: _plan, ...canary }) => canary)(live) } : {}),
      pins,
      qaUsers: qa ? [userId] : [],
      versions,
    };
  }
  return { revision: manifest.revision, salt: manifest.salt, baseUrl, remotes };
}
