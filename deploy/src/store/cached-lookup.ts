import type { ReleaseLookup } from '../rollout/client-view';
import { versionRef } from '../rollout/steps';
import type { ReleaseStore } from './release-store';

/**
 * A ReleaseLookup over the store that remembers what it read: releases are immutable, so a server
 * answering every page load reads each release.json once.
 */
export function cachedReleaseLookup(store: ReleaseStore): ReleaseLookup {
  const cache = new Map<string, ReturnType<ReleaseLookup>>();
  return (remote, version) => {
    const key = `${remote}@${version}`;
    let found = cache.get(key);
    if (!found) {
      found = store.readRelease(remote, version).then((release) => (release ? { ...versionRef(release), routes: release.routes } : null));
      // A missing release may be published later, and a read error may pass: remember neither.
      const forget = () => void cache.delete(key);
      found.then((value) => (value ? undefined : forget()), forget);
      cache.set(key, found);
    }
    return found;
  };
}
