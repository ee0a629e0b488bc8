// Module Federation `shared` settings for the singletons every part shares.
import fs from 'node:fs';
import path from 'node:path';
import { SHARED_SINGLETONS } from './shared-singletons.js';

export { SHARED_SINGLETONS };

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
  if (!spec.startsWith('workspace:')) return spec;
  const linked = readJson(path.join(dir, 'node_modules', dep, 'package.json'));
  return `^${linked.version}`;
}

/**
 * @param {string} dir package folder
 * @returns {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean }>}
 */
export function sharedSingletons(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const declared = { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((dep) => [dep, { singleton: true, requiredVersion: requiredVersionOf(dir, dep, declared), strictVersion: false }]),
  );
}
