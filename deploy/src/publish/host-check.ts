/**
 * The other side of the compatibility gate: `publish` checks a remote against the host; a host
 * release must check every remote version already released against the new host. A released
 * version is what users can be handed today: each remote's stable, its canary, the versions users
 * are pinned to, and the previous stable a rollback would go back to. Versions QA users pick with
 * `?mf` can be any published version and are not checked here.
 */
import type { RolloutManifest } from '../rollout/types';
import type { ReleaseStore } from '../store/release-store';
import { incompatibilities, type HostProvides } from './compat';

export interface ReleasedVersion {
  remote: string;
  version: string;
  /** Why users can get it: `stable`, `canary`, `pinned (2 users)`, `rollback target`. */
  roles: string[];
}

export interface HostBreak extends ReleasedVersion {
  /** One line per singleton the new host would break, as the publish gate words them. */
  problems: string[];
}

/** Every version users can be handed from this manifest, one entry per remote and version (roles merged). */
export function releasedVersions(manifest: RolloutManifest, remotes?: (remote: string) => boolean): ReleasedVersion[] {
  const found: ReleasedVersion[] = [];
  for (const remote of Object.keys(manifest.remotes).sort()) {
    if (remotes && !remotes(remote)) continue;
    const rollout = manifest.remotes[remote]!;
    const byVersion = new Map<string, string[]>();
    const add = (version: string | undefined, role: string) => {
      if (version) byVersion.set(version, [...(byVersion.get(version) ?? []), role]);
    };
    add(rollout.stable?.version, 'stable');
    add(rollout.canary?.version, rollout.canary?.paused ? 'canary (paused)' : 'canary');
    const pinned = new Map<string, number>();
    for (const version of Object.values(rollout.pins)) pinned.set(version, (pinned.get(version) ?? 0) + 1);
    for (const [version, users] of pinned) add(version, `pinned (${users} user${users > 1 ? 's' : ''})`);
    add(rollout.previousStable[0]?.version, 'rollback target');
    for (const [version, roles] of byVersion) found.push({ remote, version, roles });
  }
  return found;
}

/**
 * The released versions (of the remotes `remotes` accepts, default all) that cannot run on `host`,
 * each with the reasons; `checked` lists every version looked at. A version whose release.json is
 * missing from the store is reported too: nothing says what it needs.
 */
export async function checkHost(
  store: ReleaseStore,
  manifest: RolloutManifest,
  host: HostProvides,
  remotes?: (remote: string) => boolean,
): Promise<{ checked: ReleasedVersion[]; breaks: HostBreak[] }> {
  const checked = releasedVersions(manifest, remotes);
  const breaks: HostBreak[] = [];
  for (const released of checked) {
    const release = await store.readRelease(released.remote, released.version);
    const problems = release
      ? incompatibilities(`${released.remote} ${released.version}`, release.shared, host)
      : [`${released.remote} ${released.version}: its release.json is missing from the store, so what it needs from the host is unknown`];
    if (problems.length) breaks.push({ ...released, problems });
  }
  return { checked, breaks };
}

/** One line per broken version: `mf-drafts 1.2.0 (stable, rollback target): antd: …; react: …`. */
export function hostBreakLine(broken: HostBreak): string {
  return `${broken.remote} ${broken.version} (${broken.roles.join(', ')}): ${broken.problems.join('; ')}`;
}
