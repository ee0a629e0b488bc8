import type { RemoteRollout, RolloutManifest } from './types';

/** Names a remote may have: its package name. `manifests` and `stats` are the store's own folders. */
const REMOTE_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const RESERVED = new Set(['manifests', 'stats']);

export function isRemoteName(name: string): boolean {
  return REMOTE_NAME.test(name) && !RESERVED.has(name);
}

export function emptyManifest(salt: string): RolloutManifest {
  return { revision: 0, salt, remotes: {} };
}

export function emptyRemote(): RemoteRollout {
  return { stable: null, previousStable: [], pins: {}, qaUsers: [], history: [] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a manifest file, refusing one that is not ours rather than deploying on top of garbage. */
export function parseManifest(text: string, source: string): RolloutManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
  if (!isObject(data) || typeof data.revision !== 'number' || typeof data.salt !== 'string' || !isObject(data.remotes)) {
    throw new Error(`${source} is not a rollout manifest (revision, salt, remotes)`);
  }
  const remotes: Record<string, RemoteRollout> = {};
  for (const [name, value] of Object.entries(data.remotes)) {
    if (!isObject(value)) throw new Error(`${source}: remote ${name} is not an object`);
    // Older or hand-written entries may lack the arrays; fill them so every reader can rely on them.
    remotes[name] = { ...emptyRemote(), ...(value as Partial<RemoteRollout>) };
  }
  return { revision: data.revision, salt: data.salt, remotes };
}
