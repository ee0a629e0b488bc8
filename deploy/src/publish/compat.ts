import { SHARED_SINGLETONS } from 'build-tools/shared-singletons';
import { satisfies } from '../semver';
import type { SharedSingleton } from '../store/release-types';

/** One instance of each of these lives in the page; every remote must accept the host's copy. */
export const SINGLETONS = SHARED_SINGLETONS;

/** Package name → the version the host provides at run time. */
export type HostProvides = Record<string, string>;

/**
 * Why a build's shared singletons cannot run on the host, one line per package; empty when they can.
 * With singletons the host's copy is the one every remote gets, so the question is whether each
 * remote's `requiredVersion` accepts the host's version.
 */
export function incompatibilities(release: string, shared: Record<string, SharedSingleton>, host: HostProvides): string[] {
  const problems: string[] = [];
  for (const name of SINGLETONS) {
    const mine = shared[name];
    if (!mine) continue;
    const provided = host[name];
    if (!provided) {
      problems.push(`${name}: ${release} shares it as a singleton but the host does not provide it`);
      continue;
    }
    const range = mine.requiredVersion || `^${mine.version}`;
    let ok: boolean;
    try {
      ok = satisfies(provided, range);
    } catch (error) {
      problems.push(`${name}: cannot compare the host's ${provided} with ${release}'s "${range}" (${(error as Error).message})`);
      continue;
    }
    if (!ok) problems.push(`${name}: the host provides ${provided} but ${release} requires ${range} (built with ${mine.version})`);
  }
  return problems;
}
