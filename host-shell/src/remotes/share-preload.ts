/**
 * Opening a remote screen cold waits for the remote's entry and screen chunks, and then for the
 * host's shared components that screen uses (antd's, one chunk each), which the runtime asks for
 * only once the entry has run: a round trip after the code. The build lists each exposed module's
 * shared modules in its manifest (`requires`, see build-tools' ExposeRequiresPlugin); as soon as the
 * runtime knows which screen is wanted, this plugin starts loading those from the host beside the
 * entry. Nothing is evaluated early; the runtime finds them loaded (or on their way) when it asks.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ManifestCache } from './manifest-cache';

interface ManifestExpose {
  path?: unknown;
  requires?: unknown;
}

/** The share keys one exposed module (`./DraftList`) requires, from a parsed mf-manifest.json. */
export function requiredShares(manifest: unknown, expose: string): string[] {
  const exposes = (manifest as { exposes?: unknown } | null)?.exposes;
  if (!Array.isArray(exposes)) return [];
  const found = (exposes as ManifestExpose[]).find((entry) => entry.path === expose);
  return Array.isArray(found?.requires) ? found.requires.filter((key): key is string => typeof key === 'string') : [];
}

/** The host's federation instance: its own shared configuration, and loading a shared module. */
interface ShareSource {
  options: { shared?: Record<string, unknown> };
  loadShare(key: string): Promise<unknown>;
}

/**
 * Starts loading the shared modules `keys` that the host itself provides. Any other key is left to
 * the remote: it may sit in the share scope (another remote registered its own copy, an icon the host
 * does not use), but asked for by the host, which has no configuration for it, the runtime would
 * register the host as a provider without a version or a factory and break the remote's own load.
 */
export function preloadShares(source: ShareSource, keys: readonly string[]): void {
  const own = source.options.shared ?? {};
  for (const key of keys) {
    if (Object.hasOwn(own, key)) source.loadShare(key).catch(() => undefined);
  }
}

export function sharePreloadPlugin(manifests: ManifestCache): ModuleFederationRuntimePlugin {
  return {
    name: 'host-shell:share-preload',
    afterMatchRemote({ expose, remoteInfo, origin }) {
      const url = remoteInfo?.entry;
      if (!expose || !url || !/\.json(\?|$)/.test(url)) return;
      // The runtime's own manifest fetch (next) is answered from this one: still a single request.
      manifests.warm(url);
      void manifests
        .take(url)
        .then((response) => response?.json())
        .then((manifest: unknown) => preloadShares(origin as unknown as ShareSource, requiredShares(manifest, expose)))
        .catch(() => undefined);
    },
  };
}
