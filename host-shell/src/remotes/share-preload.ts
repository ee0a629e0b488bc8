/**
 * Opening a remote screen cold waits for the remote's entry and screen chunks, and then for the
 * host's shared components that screen uses (antd's, one chunk each), which the runtime asks for
 * only once the entry has run: a round trip after the code. The build lists each exposed module's
 * shared modules in its manifest (`requires`, see build-tools' ExposeRequiresPlugin); as soon as the
 * runtime knows which screen is wanted, this plugin starts loading those from the host beside the
 * entry, and fetching the remote's own copies of the rest (the manifest's `shared` assets). Nothing
 * is evaluated early; the runtime finds them loaded (or on their way) when it asks.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../lib/next-task';
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

interface ManifestShared {
  name?: unknown;
  assets?: { js?: { sync?: unknown } };
}

/**
 * The files (relative to the remote's folder) holding the remote's own copies of shared modules
 * `keys`, from a parsed mf-manifest.json: each share's synchronous scripts, once each.
 */
export function sharedAssetFiles(manifest: unknown, keys: readonly string[]): string[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return [];
  const files = new Set<string>();
  for (const entry of shared as ManifestShared[]) {
    if (typeof entry.name !== 'string' || !keys.includes(entry.name)) continue;
    const sync = entry.assets?.js?.sync;
    if (Array.isArray(sync)) for (const file of sync) if (typeof file === 'string' && !/^[a-z][a-z\d+.-]*:|^\/\/|(^|\/)\.\.\//i.test(file)) files.add(file);
  }
  return [...files];
}

/** The host's federation instance: its own shared configuration, and loading a shared module. */
interface ShareSource {
  options: { shared?: Record<string, unknown> };
  loadShare(key: string): Promise<unknown>;
}

/**
 * Starts loading the shared modules `keys` that the host itself provides, each in a task of its own,
 * after the caller's. Any other key is left to the remote: it may sit in the share scope (another
 * remote registered its own copy, an icon the host does not use), but asked for by the host, which has
 * no configuration for it, the runtime would register the host as a provider without a version or a
 * factory and break the remote's own load.
 *
 * One at a time because each is main-thread work: the runtime resolves the share and its factory asks
 * for the host's chunks of it, a script element and a request for each file, in microtasks that a
 * clock inside this loop would not see. All of a screen's shares in one go were one task of
 * 143-334 ms at 2x CPU in traces of /draft, the longest of a remote screen's load but the first render's
 * (bench/RESULTS.md); the files are wanted only once the remote's entry has arrived, a round trip
 * later, so the page can have the thread in between.
 */
export function preloadShares(source: ShareSource, keys: readonly string[], pause: () => Promise<void> = nextTask): string[] {
  const own = source.options.shared ?? {};
  const hosted = keys.filter((key) => Object.hasOwn(own, key));
  void (async () => {
    for (const key of hosted) {
      await pause();
      source.loadShare(key).catch(() => undefined);
    }
  })();
  return keys.filter((key) => !Object.hasOwn(own, key));
}

/** `file` resolved against the remote's folder, or undefined when it would leave that folder. */
function inFolder(folder: URL, file: string): string | undefined {
  const href = new URL(file, folder).href;
  return href.startsWith(folder.href) ? href : undefined;
}

/** A `<link rel=preload>` for `href` (once per address): fetched now, run or applied when asked for. */
function preloadLink(doc: Document, href: string, as: 'script' | 'style', attributes: Record<string, string> = {}): void {
  const escaped = CSS.escape(href);
  if (doc.querySelector(`link[href="${escaped}"], script[src="${escaped}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.href = href;
  doc.head.appendChild(link);
}

/**
 * Fetches (without running) the remote's own copies of the shared modules the host does not provide
 * (icons only remotes use, say): the runtime asks for them only once the remote's entry has run, a
 * round trip after it. The runtime's script for each then finds it in the cache. Only files inside
 * the remote's folder are fetched.
 */
export function prefetchRemoteShares(manifestUrl: string, files: readonly string[], doc: Document = document): void {
  const folder = new URL('.', new URL(manifestUrl, doc.baseURI));
  for (const file of files) {
    const href = inFolder(folder, file);
    if (href) preloadLink(doc, href, 'script');
  }
}

interface ScreenManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Starts fetching, as soon as the manifest is read, what the runtime would ask for only after its
 * own bookkeeping (a main-thread turn or more later, behind whatever the page is running): the
 * remote's entry and the opening screen's own scripts and stylesheets, each at high priority. The
 * entry is preloaded only when its integrity hash is known, so the preload matches the checked
 * script the runtime then inserts (integrity.ts); the screen's chunks are plain same-folder scripts.
 */
export function preloadScreenAssets(
  manifestUrl: string,
  manifest: unknown,
  expose: string,
  integrityOf: (url: string) => string | undefined,
  doc: Document = document,
): void {
  const parsed = manifest as ScreenManifest | null;
  const folder = new URL('.', new URL(manifestUrl, doc.baseURI));
  const entry = parsed?.metaData?.remoteEntry;
  if (typeof entry?.name === 'string') {
    const href = inFolder(folder, `${typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`);
    const integrity = href && integrityOf(href);
    if (href && integrity) preloadLink(doc, href, 'script', { fetchpriority: 'high', crossorigin: 'anonymous', integrity });
  }
  const screen = Array.isArray(parsed?.exposes) ? parsed.exposes.find((item) => item.path === expose) : undefined;
  for (const file of strings(screen?.assets?.css?.sync)) {
    const href = inFolder(folder, file);
    if (href) preloadLink(doc, href, 'style');
  }
  for (const file of strings(screen?.assets?.js?.sync)) {
    const href = inFolder(folder, file);
    if (href) preloadLink(doc, href, 'script', { fetchpriority: 'high' });
  }
}

export function sharePreloadPlugin(
  manifests: ManifestCache,
  integrityOf: (url: string) => string | undefined = () => undefined,
): ModuleFederationRuntimePlugin {
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
        .then((manifest: unknown) => {
          preloadScreenAssets(url, manifest, expose, integrityOf);
          const remoteOwned = preloadShares(origin as unknown as ShareSource, requiredShares(manifest, expose));
          prefetchRemoteShares(url, sharedAssetFiles(manifest, remoteOwned));
        })
        .catch(() => undefined);
    },
  };
}
