// Emits routes.json ({ name, version, routes }) from a remote's typed src/expose/routes.ts, so the
// host composes its router from release metadata instead of importing remote code.
import fs from 'node:fs';
import vm from 'node:vm';
import { rspack } from '@rspack/core';

const PLUGIN = 'RemoteRoutesPlugin';
const OPEN_VALUES = ['shell', 'tab', 'window'];

/**
 * routes.ts must stay plain data: type-only imports are allowed, anything else is refused because the
 * file is evaluated on its own, outside the bundle.
 * @param {string} file
 * @returns {unknown}
 */
export function evaluateRoutesFile(file) {
  const source = fs.readFileSync(file, 'utf8');
  const { code } = rspack.experiments.swc.transformSync(source, {
    filename: file,
    jsc: { parser: { syntax: 'typescript', tsx: false }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: /** @type {Record<string, unknown>} */ ({}) };
  const refuse = (/** @type {string} */ request) => {
    throw new Error(`${file}: routes.ts may only import types (found a value import of "${request}")`);
  };
  vm.runInNewContext(code, { module, exports: module.exports, require: refuse }, { filename: file });
  const routes = module.exports.default ?? module.exports.routes;
  // Plain JSON data from here on (the values were made in another realm).
  return routes === undefined ? undefined : JSON.parse(JSON.stringify(routes));
}

const isText = (/** @type {unknown} */ value) => typeof value === 'string' && value.length > 0;
const isOrder = (/** @type {unknown} */ value) => typeof value === 'number' && Number.isFinite(value);

/**
 * The sidebar entry a route declares (shared-sdk RouteMenu): what the host's sidebar needs to draw it.
 * @param {any} menu
 * @returns {string | null} what is wrong, or null
 */
function menuProblem(menu) {
  if (typeof menu !== 'object' || menu === null) return 'menu must be an object';
  if (!isText(menu.label) || !isOrder(menu.order)) return 'menu needs a label and a numeric order';
  if (menu.icon !== undefined && typeof menu.icon !== 'string') return 'menu.icon must be a string';
  const { group, access } = menu;
  if (group !== undefined && (!isText(group?.label) || typeof group.icon !== 'string' || !isOrder(group.order)))
    return 'menu.group needs a label, an icon and a numeric order';
  if (access !== undefined && access !== 'shortDrama' && !isText(access?.tool)) return "menu.access must be 'shortDrama' or { tool: code }";
  return null;
}

/**
 * @param {unknown} routes
 * @param {string[]} exposed module names such as './MaterialList'
 * @param {string} file
 * @returns {import('./rspack.js').BuiltRoute[]}
 */
export function validateRoutes(routes, exposed, file) {
  if (!Array.isArray(routes)) throw new Error(`${file}: export the route list as default (an array)`);
  const seen = new Set();
  for (const route of routes) {
    const where = `${file}: route ${JSON.stringify(route?.path)}`;
    if (typeof route?.path !== 'string' || !route.path.startsWith('/')) throw new Error(`${where}: path must start with /`);
    if (typeof route.title !== 'string' || !route.title) throw new Error(`${where}: title is required`);
    if (!exposed.includes(route.module)) throw new Error(`${where}: module ${route.module} is not in exposes`);
    if (route.open !== undefined && !OPEN_VALUES.includes(route.open)) throw new Error(`${where}: open must be one of ${OPEN_VALUES}`);
    const problem = route.menu === undefined ? null : menuProblem(route.menu);
    if (problem) throw new Error(`${where}: ${problem}`);
    if (seen.has(route.path)) throw new Error(`${where}: declared twice`);
    seen.add(route.path);
  }
  return routes;
}

export class RemoteRoutesPlugin {
  /** @param {{ file: string, name: string, version: string, exposes: Record<string, string> }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { file, name, version, exposes } = this.options;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // Watched, so editing routes.ts in `rspack serve` re-emits routes.json.
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        try {
          const routes = validateRoutes(evaluateRoutesFile(file), Object.keys(exposes), file);
          const json = JSON.stringify({ name, version, routes }, null, 2);
          compilation.emitAsset('routes.json', new rspack.sources.RawSource(json));
        } catch (error) {
          compilation.errors.push(new rspack.WebpackError(error instanceof Error ? error.message : String(error)));
        }
      });
    });
  }
}
