import { SHARED_SINGLETONS } from 'build-tools/shared-singletons';
import { satisfies } from '../semver';
import type { SharedSingleton } from '../store/release-types';

/** One instance of each of these lives in the page; every remote must accept the host's copy. */
export const SINGLETONS = SHARED_SINGLETONS;

/**
 * Packages that used to be shared under their own key and no longer are: react-router-dom is shared
 * as `shared-sdk/router` now (a module of shared-sdk, checked with it). A remote built when it was
 * still shared asks for it as a singleton; the host no longer provides it, so that remote would run
 * a router of its own, without the host's router contexts. The gate treats it like any singleton the
 * host does not provide, and still accepts it against an older host that did provide it.
 */
export const RETIRED_SINGLETONS = ['react-router-dom'] as const;

const CHECKED: readonly string[] = [...SINGLETONS, ...RETIRED_SINGLETONS];

/** Package name → the version the host provides at run time. */
export type HostProvides = Record<string, string>;

/**
 * The singleton package a shared key belongs to: the package itself, or one of its modules shared on
 * its own (antd is shared per component, `antd/es/button`; icons one by one,
 * `@ant-design/icons/es/icons/HomeOutlined`; React Router as `shared-sdk/router`, part of shared-sdk).
 * A retired singleton maps to itself, so the gate can refuse it. Undefined for anything else.
 */
export function singletonPackageOf(key: string): string | undefined {
  return CHECKED.find((name) => key === name || key.startsWith(`${name}/`));
}

/**
 * The version of a package the host provides: under the package's own name, else under any of its
 * modules (a host build's manifest lists antd's components, not antd).
 */
function hostVersionOf(pkg: string, host: HostProvides): string | undefined {
  if (host[pkg]) return host[pkg];
  return Object.entries(host).find(([key]) => singletonPackageOf(key) === pkg)?.[1];
}

/**
 * Why a build's shared singletons cannot run on the host, one line per package; empty when they can.
 * With singletons the host's copy is the one every remote gets, so the question is whether each
 * remote's `requiredVersion` accepts the host's version. A package shared module by module (antd per
 * component) is checked once, against the version of the package the host provides. A module the
 * remote does not bundle itself (no version of its own: antd's components and `shared-sdk/router`,
 * taken only from the host) must be among the host's modules when the host is known by its build
 * (it lists modules one by one); a host known only by its package.json lists packages, not modules.
 */
export function incompatibilities(release: string, shared: Record<string, SharedSingleton>, host: HostProvides): string[] {
  const problems: string[] = [];
  const byPackage = new Map<string, { key: string; mine: SharedSingleton }[]>();
  for (const [key, mine] of Object.entries(shared)) {
    const pkg = singletonPackageOf(key);
    if (pkg) byPackage.set(pkg, [...(byPackage.get(pkg) ?? []), { key, mine }]);
  }
  // A host build's manifest lists modules (antd's components at least): one that lacks a module a
  // remote takes from it (an older host without `shared-sdk/router`) does not provide that module.
  const hostListsModules = Object.keys(host).some((key) => {
    const pkg = singletonPackageOf(key);
    return pkg !== undefined && key !== pkg;
  });
  for (const name of CHECKED) {
    const keys = byPackage.get(name);
    if (!keys) continue;
    const provided = hostVersionOf(name, host);
    if (!provided) {
      problems.push(`${name}: ${release} shares it as a singleton but the host does not provide it`);
      continue;
    }
    const missing = hostListsModules ? keys.filter(({ key, mine }) => key !== name && !mine.version && !host[key]).map(({ key }) => key) : [];
    if (missing.length)
      problems.push(`${name}: ${release} takes ${missing.join(', ')} from the host, which does not provide ${missing.length > 1 ? 'them' : 'it'}`);
    // One range per package (every module of a package is built from the same dependency).
    const mine = keys.find(({ key }) => key === name)?.mine ?? keys.find((entry) => entry.mine.requiredVersion)?.mine ?? keys[0]!.mine;
    const range = mine.requiredVersion || (mine.version ? `^${mine.version}` : '');
    if (!range) continue;
    let ok: boolean;
    try {
      ok = satisfies(provided, range);
    } catch (error) {
      problems.push(`${name}: cannot compare the host's ${provided} with ${release}'s "${range}" (${(error as Error).message})`);
      continue;
    }
    if (!ok) problems.push(`${name}: the host provides ${provided} but ${release} requires ${range}${mine.version ? ` (built with ${mine.version})` : ''}`);
  }
  return problems;
}
