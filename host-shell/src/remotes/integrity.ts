/**
 * Subresource integrity for what the host itself fetches of a release: its mf-manifest.json (through
 * the runtime's `fetch` hook) and its remote entry script (`createScript` hook). The hashes come from
 * the rollout view, which the server builds from release.json, so a file changed on the CDN after
 * publishing is refused by the browser and the screen falls back to stable.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ManifestCache } from './manifest-cache';
import type { HostRollout } from './rollout';

/** The same URL however it was spelled: absolute, and without doubled slashes from joined paths. */
function normalise(url: string, base: string): string {
  const parsed = new URL(url, base);
  parsed.pathname = parsed.pathname.replace(/\/{2,}/g, '/');
  return parsed.href;
}

export class IntegrityIndex {
  private readonly hashes = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** Released files never change, so hashes are only ever added (a re-plan brings more versions). */
  add(view: HostRollout | null): void {
    for (const [folder, remote] of Object.entries(view?.remotes ?? {})) {
      for (const [version, ref] of Object.entries(remote.versions)) {
        for (const [file, hash] of Object.entries(ref.integrity)) {
          this.hashes.set(normalise(`${view?.baseUrl ?? ''}${folder}/${version}/${file}`, this.base), hash);
        }
      }
    }
  }

  of(url: string): string | undefined {
    return this.hashes.get(normalise(url, this.base));
  }
}

/** A fetch that checks the release's hash when it names one. */
export function integrityFetch(index: IntegrityIndex): (url: string, init?: RequestInit) => Promise<Response> {
  return (url, init) => {
    const integrity = index.of(url);
    return fetch(url, integrity ? { ...init, integrity } : init);
  };
}

export function integrityPlugin(index: IntegrityIndex, warmed?: ManifestCache): ModuleFederationRuntimePlugin {
  return {
    name: 'host-shell-release-integrity',
    createScript({ url }) {
      const integrity = index.of(url);
      if (!integrity) return undefined; // Not a release file (dev servers, plain builds): the runtime's own script.
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      // SRI needs a CORS fetch; without credentials, so a CDN answers with `Access-Control-Allow-Origin: *`.
      script.crossOrigin = 'anonymous';
      // The entry gates its screen: it goes ahead of the host's shared chunks the screen also asks
      // for (scripts inserted from code are low priority, and queue behind each other).
      script.setAttribute('fetchpriority', 'high');
      return script;
    },
    fetch(url, init) {
      const integrity = index.of(url);
      if (warmed?.has(url)) {
        // Fetched ahead of time (already checked against its hash, when it has one); fetched again
        // here only if that failed.
        return warmed.take(url).then((early) => early ?? fetch(url, integrity ? { ...init, integrity } : init));
      }
      if (!integrity) return undefined;
      // The browser checks the hash and rejects on a mismatch, before the JSON is parsed.
      return fetch(url, { ...init, integrity });
    },
  };
}
