/**
 * One chunk registry per released version of a remote.
 *
 * A remote's build pushes its chunks into a page-wide array named after its federation name
 * (`self.rspackChunkmf_tools`; webpack and older rspack builds: `webpackChunkmf_tools`), and every
 * version of that remote uses the same name. When a canary fails after some of its chunks ran (the
 * runtime preloads the screen's chunks while it fetches the entry, so even an entry that 404s or
 * fails its integrity check leaves them behind), the stable build that is loaded next adopts those
 * chunks as its own: it sees their ids as installed and then asks for module ids that only exist in
 * its own chunks ("Cannot read properties of undefined (reading 'call')").
 *
 * So each name becomes an accessor that hands every script the array of the folder the script was
 * loaded from (`/releases/<remote>/<version>/`): each version keeps its own registry, a late chunk of
 * a failed canary lands in the canary's, and builds already published need no change. Scripts
 * without a source (inline, dev tooling) share one array, as before.
 */

export const CHUNK_REGISTRY_PREFIXES = ['rspackChunk', 'webpackChunk'] as const;

const SHARED = '';

/** The folder of the script running now, e.g. 'https://app/releases/mf-tools/1.1.0/'; '' when unknown. */
export function currentScriptFolder(doc: Pick<Document, 'currentScript'> = document): string {
  const script = doc.currentScript;
  const src = script && 'src' in script && typeof script.src === 'string' ? script.src : '';
  if (!src) return SHARED;
  try {
    const url = new URL(src);
    return `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
  } catch {
    return SHARED;
  }
}

/** The global names the builds of a remote (federation name, e.g. 'mf_tools') push their chunks to. */
export function chunkRegistryNames(federationName: string): string[] {
  return CHUNK_REGISTRY_PREFIXES.map((prefix) => `${prefix}${federationName}`);
}

/**
 * Installs the per-folder accessor for each remote's registry names on `target` (the page's global
 * object). Idempotent per name. Returns the registries, so tests can look inside.
 */
export function separateChunkRegistries(
  federationNames: readonly string[],
  folderOfRunningScript: () => string = () => currentScriptFolder(),
  target: object = globalThis,
): Map<string, Map<string, unknown>> {
  const all = new Map<string, Map<string, unknown>>();
  for (const name of federationNames.flatMap(chunkRegistryNames)) {
    const existing = Object.getOwnPropertyDescriptor(target, name);
    if (existing?.get || existing?.configurable === false) continue; // Already separated, or not ours to replace.
    const byFolder = new Map<string, unknown>();
    // Chunks pushed before this ran (none in the product: remotes load later) stay with the shared array.
    if (existing && existing.value !== undefined) byFolder.set(SHARED, existing.value);
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: true,
      get: () => byFolder.get(folderOfRunningScript()),
      set: (value: unknown) => {
        byFolder.set(folderOfRunningScript(), value);
      },
    });
    all.set(name, byFolder);
  }
  return all;
}
