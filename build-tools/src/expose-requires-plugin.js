// Completes each expose in mf-manifest.json, so that opening a screen fetches everything it needs at
// once instead of in steps: `requires` lists the shared modules its code consumes (the host loads them
// from its own build beside the remote's entry), and `assets.js.sync` gets every chunk of the expose's
// chunk group (the federation plugin leaves out chunks that are also another group's, which were then
// fetched only after the entry had run).
import { rspack } from '@rspack/core';

const PLUGIN = 'ExposeRequiresPlugin';
const MANIFEST = 'mf-manifest.json';
const EXPOSE_CHUNK = '__federation_expose_';

/**
 * The share key in a consume-shared module's identifier:
 * `consume shared module (default) antd/es/button@6.6.8 (strict) (fallback: …)` → `antd/es/button`.
 * @param {string} identifier
 * @returns {string | null}
 */
export function shareKeyOf(identifier) {
  const match = /^consume shared module \([^)]*\) (.+?)@[^@\s]*(?: |$)/.exec(identifier);
  return match ? (match[1] ?? null) : null;
}

/**
 * @typedef {{ name: string, requires?: string[], assets?: { js?: { sync?: string[], async?: string[] } } }} ManifestExpose
 * @typedef {{ requires: Set<string>, files: string[] }} ExposeNeeds
 */

/**
 * Adds each expose's sorted share keys and its missing sync chunks to a parsed manifest, by expose
 * name; returns the manifest.
 * @param {{ exposes?: ManifestExpose[] }} manifest
 * @param {Map<string, ExposeNeeds>} byExpose
 */
export function withRequires(manifest, byExpose) {
  for (const expose of manifest.exposes ?? []) {
    const needs = byExpose.get(expose.name);
    if (!needs) continue;
    expose.requires = [...needs.requires].sort();
    const js = expose.assets?.js;
    if (!js) continue;
    const sync = js.sync ?? [];
    const missing = needs.files.filter((file) => !sync.includes(file));
    js.sync = [...missing, ...sync];
    if (js.async) js.async = js.async.filter((file) => !missing.includes(file));
  }
  return manifest;
}

/**
 * The shared modules an expose consumes in its own chunks (what the runtime waits for before the
 * exposed module runs); lazily loaded parts of the screen are left out.
 */
export class ExposeRequiresPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset(MANIFEST);
        if (!asset) return;
        /** @type {Map<string, ExposeNeeds>} */
        const byExpose = new Map();
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!name.startsWith(EXPOSE_CHUNK)) continue;
          /** @type {ExposeNeeds} */
          const needs = { requires: new Set(), files: [] };
          for (const chunk of group.chunks) {
            needs.files.push(...Array.from(chunk.files).filter((file) => file.endsWith('.js')));
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              const key = shareKeyOf(module.identifier());
              if (key) needs.requires.add(key);
            }
          }
          byExpose.set(name.slice(EXPOSE_CHUNK.length), needs);
        }
        const manifest = withRequires(JSON.parse(asset.source.source().toString()), byExpose);
        compilation.updateAsset(MANIFEST, new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}
