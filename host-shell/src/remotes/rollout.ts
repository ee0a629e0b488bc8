/**
 * Staged rollout in the host: which version of each remote this user loads (deploy's bucketing, the
 * same code the server and the CLI use). The fallback to stable lives in stable-fallback.ts.
 * Everything that touches the network or storage is injected, so tests run without either.
 */
import { chooseVersion, type VersionChoice } from 'deploy/bucket';
import type { RemoteEntry, RolloutView } from 'shared-sdk';
import { runtime } from 'shared-sdk/contract/calls';

export const ROLLOUT_URL = runtime.runtimeRollout.url;
export const ROLLOUT_CACHE_KEY = 'host-shell/rollout';
export const OVERRIDE_KEY = 'host-shell/mf-override';
export const ROLLOUT_TIMEOUT_MS = 3000;

/** GET /api/runtime/rollout: the server's per-user view of the rollout manifest. */
export type HostRollout = RolloutView;

/** A remote as the host registers it, with its stable entry to fall back on. */
export interface PlannedRemote {
  folder: string;
  entry: RemoteEntry;
  stable: RemoteEntry | null;
  reason: VersionChoice['reason'] | 'list';
}

function isHostRollout(value: unknown): value is HostRollout {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Partial<HostRollout>;
  return (
    typeof view.revision === 'number' &&
    typeof view.salt === 'string' &&
    typeof view.baseUrl === 'string' &&
    typeof view.remotes === 'object' &&
    view.remotes !== null
  );
}

type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The rollout view: fresh from the server (no-store, 3 s at most), else the last good copy in
 * localStorage, else null (the caller falls back to the plain remotes list). The QA overrides go
 * along: the server adds an overridden version's files to the view when this user may choose it.
 */
export async function fetchRollout(
  token: string,
  deps: { fetch?: FetchLike; storage?: StorageLike | null; timeoutMs?: number } = {},
  overrides: Record<string, string> = {},
): Promise<HostRollout | null> {
  const doFetch: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  const storage = deps.storage === undefined ? safeStorage(() => window.localStorage) : deps.storage;
  const query = new URLSearchParams({ token });
  const wanted = Object.entries(overrides).map(([remote, version]) => `${remote}@${version}`);
  if (wanted.length) query.set('mf', wanted.join(','));
  const url = `${ROLLOUT_URL}?${query.toString()}`;
  try {
    const response = await doFetch(url, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(deps.timeoutMs ?? ROLLOUT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body: unknown = await response.json();
    const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
    if (!isHostRollout(data)) throw new Error(`${url} answered without a rollout`);
    try {
      storage?.setItem(ROLLOUT_CACHE_KEY, JSON.stringify(data));
    } catch {
      // A full or disabled storage only costs the offline fallback.
    }
    return data;
  } catch (error) {
    const cached = readJson(storage?.getItem(ROLLOUT_CACHE_KEY) ?? null);
    if (isHostRollout(cached)) {
      console.warn('host-shell: the rollout is unavailable; using the last one received', error);
      return cached;
    }
    console.warn('host-shell: the rollout is unavailable', error);
    return null;
  }
}

function readJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function safeStorage(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null;
  }
}

/**
 * `?mf=mf-tools@1.3.0` (several: comma-separated or repeated) is kept in sessionStorage for the
 * tab, so it survives navigation; the server's view decides whether it is honoured (QA users only).
 */
export function readOverrides(search: string, storage: StorageLike | null): Record<string, string> {
  const saved = readJson(storage?.getItem(OVERRIDE_KEY) ?? null);
  const overrides: Record<string, string> = {};
  if (typeof saved === 'object' && saved !== null) {
    for (const [remote, version] of Object.entries(saved)) if (typeof version === 'string') overrides[remote] = version;
  }
  const given = new URLSearchParams(search).getAll('mf').flatMap((value) => value.split(','));
  for (const item of given) {
    const at = item.lastIndexOf('@');
    if (at > 0 && at < item.length - 1) overrides[item.slice(0, at)] = item.slice(at + 1);
  }
  if (given.length) {
    try {
      storage?.setItem(OVERRIDE_KEY, JSON.stringify(overrides));
    } catch {
      // Not kept: the override still applies to this page load.
    }
  }
  return overrides;
}

function entryFor(view: HostRollout, folder: string, version: string): RemoteEntry | null {
  const ref = view.remotes[folder]?.versions[version];
  if (!ref) return null;
  return { name: folder.replace(/-/g, '_'), version, manifestUrl: `${view.baseUrl}${folder}/${version}/${ref.entry}`, routes: ref.routes };
}

/**
 * Each released remote at the version chooseVersion gives this user (stable for a visitor); the
 * remotes the rollout does not cover come from the plain list (`listed`).
 */
export function planRemotes(view: HostRollout | null, listed: readonly RemoteEntry[], overrides: Record<string, string> = {}): PlannedRemote[] {
  const planned: PlannedRemote[] = [];
  for (const [folder, input] of Object.entries(view?.remotes ?? {})) {
    if (!view) break;
    const stable = input.stable ? entryFor(view, folder, input.stable.version) : null;
    const choice = view.userId ? chooseVersion(input, view.userId, folder, view.salt, overrides[folder] ?? null) : null;
    const chosen = choice ? entryFor(view, folder, choice.version) : null;
    const entry = chosen ?? stable;
    if (entry) planned.push({ folder, entry, stable, reason: chosen && choice ? choice.reason : 'stable' });
  }
  const names = new Set(planned.map((p) => p.entry.name));
  for (const entry of listed) {
    if (!names.has(entry.name)) planned.push({ folder: entry.name.replace(/_/g, '-'), entry, stable: null, reason: 'list' });
  }
  return planned;
}
