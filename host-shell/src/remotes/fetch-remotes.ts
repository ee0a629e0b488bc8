import type { RemoteEntry } from 'shared-sdk';
import { runtime } from 'shared-sdk/contract/calls';

export const REMOTES_URL = runtime.runtimeRemotes.url;

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<RemoteEntry>;
  return typeof entry.name === 'string' && typeof entry.manifestUrl === 'string' && Array.isArray(entry.routes);
}

/**
 * The released remotes and their routes. Any failure leaves the host with its own routes only, so
 * /login and /index still work when the remotes cannot be listed.
 */
export async function fetchRemotes(url: string = REMOTES_URL): Promise<RemoteEntry[]> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body: unknown = await response.json();
    const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
    const remotes = typeof data === 'object' && data !== null && 'remotes' in data ? data.remotes : null;
    if (!Array.isArray(remotes)) throw new Error(`${url} answered without data.remotes`);
    return remotes.filter(isRemoteEntry);
  } catch (error) {
    console.error('host-shell: the remotes list is unavailable; only the host screens are shown', error);
    return [];
  }
}
