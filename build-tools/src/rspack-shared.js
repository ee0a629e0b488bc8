// Module Federation `shared` settings for the singletons every part shares.
import fs from 'node:fs';
import path from 'node:path';
import { SHARED_MODULES, SHARED_SINGLETONS } from './shared-singletons.js';

export { SHARED_MODULES, SHARED_SINGLETONS };

/** @param {string} file */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The version range a package asks for. A workspace link (`workspace:*`) has no range of its own:
 * the linked package's version is used, so a remote built against another SDK version is refused.
 * @param {string} dir package folder
 * @param {string} dep dependency name
 * @param {Record<string, string>} declared
 * @returns {string}
 */
function requiredVersionOf(dir, dep, declared) {
  const spec = declared[dep];
  if (!spec) throw new Error(`${path.basename(dir)}: shared singleton "${dep}" is not a dependency in package.json`);
  const linked = () => readJson(path.join(dir, 'node_modules', dep, 'package.json')).version;
  // A workspace package accepts its compatible releases; a catalog entry is one pinned version.
  if (spec.startsWith('workspace:')) return `^${linked()}`;
  if (spec.startsWith('catalog:')) return linked();
  return spec;
}

/**
 * antd's component folders (antd/es/<component>): the code imports each one by its own path (see
 * the swc `transformImport` in rspack.js), so a page loads only the components it renders.
 * @param {string} dir package folder
 * @returns {string[]}
 */
export function antdComponents(dir) {
  const es = path.join(dir, 'node_modules', 'antd', 'es');
  return fs
    .readdirSync(es, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !['locale', 'style', 'version'].includes(entry.name))
    .filter((entry) => fs.existsSync(path.join(es, entry.name, 'index.js')))
    .map((entry) => `antd/es/${entry.name}`)
    .sort();
}

/**
 * @typedef {{ singleton: true, requiredVersion: string, strictVersion: boolean, import?: false }} SharedConfig
 * @typedef {{ shareKey: string, version: string, singleton: true, requiredVersion: string, strictVersion: boolean, eager: false }} ProvideConfig
 */

/**
 * One copy of each singleton in the page. antd is shared per component: the host provides every
 * component (each in its own chunk, fetched only when something renders it) and the remotes take
 * them from the host (`import: false`: a remote never ships a second antd, whose contexts (theme,
 * locale, App) and style cache would not be the host's). Icons are shared one by one (the prefix
 * `@ant-design/icons/`); a remote still brings the few icons the host does not use. React Router is
 * shared as `shared-sdk/router` (SHARED_MODULES), taken from the host the way antd is: a second router
 * would not see the host's router contexts, and the module re-exports only what the code uses, so
 * react-router's other exports stay out of the page.
 * @param {string} dir package folder
 * @param {'host' | 'remote'} [kind]
 * @returns {Record<string, SharedConfig>}
 */
export function sharedSingletons(dir, kind = 'host') {
  const pkg = readJson(path.join(dir, 'package.json'));
  const declared = { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
  /** @type {Record<string, SharedConfig>} */
  const shared = {};
  for (const dep of SHARED_SINGLETONS) {
    const config = { singleton: /** @type {const} */ (true), requiredVersion: requiredVersionOf(dir, dep, declared), strictVersion: false };
    if (dep === 'antd') {
      for (const component of antdComponents(dir)) shared[component] = kind === 'remote' ? { ...config, import: false } : config;
    } else if (dep === '@ant-design/icons') {
      shared[`${dep}/`] = config;
    } else {
      shared[dep] = config;
    }
    for (const key of SHARED_MODULES.filter((name) => name.startsWith(`${dep}/`))) {
      shared[key] = kind === 'remote' ? { ...config, import: false } : config;
    }
  }
  return shared;
}

/**
 * The host's shares in two parts.
 * - `consumed`: what the host's own code also takes through the federation runtime (React, the SDK,
 *   the icons ...). A remote may bring its own copy of these, and the runtime picks one for the page.
 * - `provided`: the modules only the host has, those a remote takes with `import: false` (antd's
 *   components, `shared-sdk/router`, `shared-sdk/contract`). There is no other copy to choose from,
 *   so the host's code imports them as its own modules and the build only puts them in the share
 *   scope for the remotes (rspack's ProvideSharedPlugin). The share's factory loads that same module,
 *   so a remote gets the host's instance. Consuming them as well cost the page's first task a
 *   consume entry each (78 of the entry's 147) and every antd chunk of the host a trip through the
 *   runtime (docs/architecture.md, "Shared modules").
 * @param {string} dir the host's folder
 * @returns {{ consumed: Record<string, SharedConfig>, provided: Record<string, ProvideConfig> }}
 */
export function hostShares(dir) {
  const host = sharedSingletons(dir, 'host');
  const remote = sharedSingletons(dir, 'remote');
  /** @type {Record<string, SharedConfig>} */
  const consumed = {};
  /** @type {Record<string, ProvideConfig>} */
  const provided = {};
  for (const [key, config] of Object.entries(host)) {
    if (remote[key]?.import !== false) {
      consumed[key] = config;
      continue;
    }
    const version = readJson(path.join(dir, 'node_modules', packageOf(key), 'package.json')).version;
    provided[key] = { shareKey: key, version, singleton: true, requiredVersion: config.requiredVersion, strictVersion: config.strictVersion, eager: false };
  }
  return { consumed, provided };
}

/**
 * The package a share key belongs to: `antd/es/button` → antd, `@scope/name/x` → @scope/name.
 * @param {string} key
 */
function packageOf(key) {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? key);
}
