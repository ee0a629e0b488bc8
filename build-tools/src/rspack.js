// One rspack + Module Federation setup for the host and every remote. Plain ESM with JSDoc types, so
// each package's rspack.config.js loads on Node 20 without a TypeScript loader.
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedSingletons } from './rspack-shared.js';
import { RemoteRoutesPlugin } from './routes-plugin.js';
import { devRemotesMiddleware } from './dev-remotes.js';
import { PrecompressPlugin } from './compress-plugin.js';

export { SHARED_SINGLETONS } from './rspack-shared.js';

/**
 * @typedef {{ path: string, module: string, highlight?: string, open?: 'shell' | 'tab' | 'window', bare?: boolean, title: string }} RouteDeclaration
 * @typedef {{ name: string, version: string, manifestUrl: string, routes: RouteDeclaration[] }} RemoteEntry
 * @typedef {{
 *   dir: string,
 *   name: string,
 *   kind: 'host' | 'remote',
 *   port: number,
 *   exposes?: Record<string, string>,
 *   routesFile?: string,
 *   devRemotes?: Record<string, { port: number }>,
 *   title?: string,
 * }} MfConfigOptions
 */

export const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
/** Paths the host dev server hands to the API server (spec §7 hosts plus the released remotes). */
export const API_PATHS = ['/api', '/login/admin', '/service', '/admin', '/remotes'];

/** @param {boolean} production */
function moduleRules(production) {
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      /** @type {import('@rspack/core').SwcLoaderOptions} */
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2022',
        },
      },
      type: 'javascript/auto',
    },
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
  ];
}

/** @param {MfConfigOptions} options */
function federationPlugin(options) {
  const common = {
    name: options.name,
    shared: sharedSingletons(options.dir),
    manifest: true,
    dts: false,
    // See TOOLCHAIN pitfall 3: fetch a remote only when its screen opens, so one remote down does
    // not blank the host and the remotes reuse the host's react-dom and antd.
    shareStrategy: /** @type {const} */ ('loaded-first'),
  };
  if (options.kind === 'host') return new ModuleFederationPlugin({ ...common, remotes: {} });
  return new ModuleFederationPlugin({ ...common, filename: 'remoteEntry.js', exposes: options.exposes ?? {} });
}

/**
 * @param {MfConfigOptions} options
 * @param {boolean} production
 */
function plugins(options, production) {
  const pkg = JSON.parse(fs.readFileSync(path.join(options.dir, 'package.json'), 'utf8'));
  /** @type {import('@rspack/core').RspackPluginInstance[]} */
  const list = [federationPlugin(options)];
  if (options.kind === 'host') {
    list.push(new rspack.HtmlRspackPlugin({ template: path.join(options.dir, 'index.html'), minify: production }));
  }
  if (options.kind === 'remote') {
    if (!options.routesFile) throw new Error(`${options.name}: a remote declares its routes (routesFile)`);
    list.push(
      new RemoteRoutesPlugin({
        file: path.resolve(options.dir, options.routesFile),
        name: options.name,
        version: String(pkg.version),
        exposes: options.exposes ?? {},
      }),
    );
  }
  // The servers send these precompressed files by content negotiation (brotli, else gzip).
  if (production) list.push(new PrecompressPlugin());
  return list;
}

/** @param {MfConfigOptions} options */
function devServer(options) {
  const host = options.kind === 'host';
  return {
    port: options.port,
    hot: false,
    liveReload: true,
    // Remote code runs in the host's page, so its dev client must call back to its own port.
    client: { webSocketURL: `ws://localhost:${options.port}/ws`, overlay: { warnings: false } },
    /** @type {Record<string, string>} */
    headers: host ? {} : { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' },
    historyApiFallback: host,
    proxy: host ? [{ context: API_PATHS, target: API_TARGET, changeOrigin: true }] : [],
    /** @param {Parameters<NonNullable<import('@rspack/core').DevServer['setupMiddlewares']>>[0]} middlewares */
    setupMiddlewares: (middlewares) => {
      if (host && options.devRemotes) middlewares.unshift(devRemotesMiddleware(options.devRemotes, API_TARGET));
      return middlewares;
    },
  };
}

/**
 * The rspack config of one package: host (HTML page, no build-time remotes) or remote (exposes its
 * screens, emits mf-manifest.json and routes.json).
 * @param {MfConfigOptions} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createMfConfig(options) {
  const production = process.env.NODE_ENV === 'production';
  const hashed = production ? '.[contenthash:8]' : '';
  return {
    context: options.dir,
    mode: production ? 'production' : 'development',
    // Maps are kept for error reports but not referenced from the code, and no server serves them.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    entry: options.kind === 'host' ? { main: './src/index.ts' } : {},
    output: {
      path: path.join(options.dir, 'dist'),
      // The host is served at / with a fallback for every route; remotes resolve from their manifest.
      publicPath: options.kind === 'host' ? '/' : 'auto',
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      cssFilename: `[name]${hashed}.css`,
      cssChunkFilename: `[name]${hashed}.css`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      uniqueName: options.name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    module: { rules: moduleRules(production) },
    plugins: plugins(options, production),
    devServer: devServer(options),
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
