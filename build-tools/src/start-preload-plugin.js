// Lets the browser fetch the host's start-up files while it is still running the entry. The entry
// (main.js: the federation runtime and the share tables) reaches its `import('./bootstrap')` only once
// it has been downloaded and evaluated, and only then would the browser learn of the start-up files
// (React, the router, Redux Toolkit, axios, the SDK: most of every page's bytes). A preload tag per
// file in the page's head starts those downloads with the entry's. Every page loads these files,
// /login included, so no page fetches a byte more.
import { rspack } from '@rspack/core';

const PLUGIN = 'StartPreloadPlugin';

/**
 * The preload tag of an output file: scripts as `script`, stylesheets as `style`; null for anything
 * else (source maps).
 * @param {string} file
 * @param {string} publicPath
 * @returns {{ tagName: string, attributes: Record<string, string>, voidTag: boolean } | null}
 */
export function preloadTag(file, publicPath) {
  const as = file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : null;
  return as ? { tagName: 'link', attributes: { rel: 'preload', href: `${publicPath}${file}`, as }, voidTag: true } : null;
}

export class StartPreloadPlugin {
  /**
   * @param {{ entry: string, request: string }} options the entry, and the request of its dynamic
   *   import whose files are preloaded (the federation's async boundary, `./bootstrap`)
   */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { entry, request } = this.options;
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(PLUGIN, async (data) => {
        const entrypoint = compilation.entrypoints.get(entry);
        const groups = entrypoint ? [...entrypoint.childrenIterable].filter((group) => group.origins.some((origin) => origin.request === request)) : [];
        if (groups.length !== 1) {
          compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: expected one import of ${request} in the entry ${entry}, found ${groups.length}`));
          return data;
        }
        const tags = (groups[0]?.getFiles() ?? []).map((file) => preloadTag(file, data.publicPath)).filter((tag) => tag !== null);
        // After the entry's own script tag, so the entry is asked for first.
        data.assetTags.scripts.push(...tags);
        return data;
      });
    });
  }
}
