import axios from 'axios';
import type { RuntimeConfig } from '../contract';
import { runtime } from '../contract/calls';

export const RUNTIME_CONFIG_URL = runtime.runtimeConfig.url;

let current: RuntimeConfig | null = null;
let pending: Promise<RuntimeConfig> | null = null;

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RuntimeConfig>;
  return typeof candidate.hosts === 'object' && candidate.hosts !== null && typeof candidate.appId === 'string';
}

/** The server answers with the usual envelope; a bare config (a static file on a CDN) is accepted too. */
function extractConfig(body: unknown): RuntimeConfig {
  const inner = typeof body === 'object' && body !== null && 'code' in body && 'data' in body ? body.data : body;
  if (!isRuntimeConfig(inner)) throw new Error('shared-sdk: the runtime config answer has no hosts/appId');
  return inner;
}

/**
 * Fetches the runtime config once; later calls share the same answer. A failed load is not cached,
 * so the host can retry.
 */
export function loadRuntimeConfig(url: string = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  pending ??= axios
    .get<unknown>(url)
    .then((response) => {
      current = extractConfig(response.data);
      return current;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) {
    throw new Error('shared-sdk: runtime config is not loaded; call loadRuntimeConfig() (or setRuntimeConfig()) first');
  }
  return current;
}

/** For the host's bootstrap when it already holds the config, and for tests. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  pending = null;
}
