import fs from 'node:fs';
import path from 'node:path';
import { ROOT, pnpmCapture } from './pnpm.mjs';

/** The browser packages and the file whose presence marks a finished build. */
export const FRONTENDS = [
  { pkg: 'host-shell', marker: 'dist/index.html' },
  { pkg: 'mf-materials', marker: 'dist/mf-manifest.json' },
  { pkg: 'mf-drafts', marker: 'dist/mf-manifest.json' },
  { pkg: 'mf-editor', marker: 'dist/mf-manifest.json' },
  { pkg: 'mf-newspaper', marker: 'dist/mf-manifest.json' },
  { pkg: 'mf-tools', marker: 'dist/mf-manifest.json' },
  { pkg: 'mf-console', marker: 'dist/mf-manifest.json' },
];

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** A build is stale when its marker is missing or older than its sources, shared-sdk's or the shared build setup. */
export function staleFrontends() {
  // build-tools decides what a build emits (compressed twins, how antd is shared): a change there rebuilds all.
  const sdk = Math.max(newestMtime(path.join(ROOT, 'shared-sdk', 'src')), newestMtime(path.join(ROOT, 'build-tools', 'src')));
  return FRONTENDS.filter(({ pkg, marker }) => {
    const file = path.join(ROOT, pkg, marker);
    if (!fs.existsSync(file)) return true;
    const built = fs.statSync(file).mtimeMs;
    const configs = ['package.json', 'rspack.config.js', 'module-federation.config.js']
      .map((name) => path.join(ROOT, pkg, name))
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.statSync(file).mtimeMs);
    const sources = Math.max(newestMtime(path.join(ROOT, pkg, 'src')), sdk, ...configs);
    return sources > built;
  }).map(({ pkg }) => pkg);
}

/**
 * Builds only what is missing or stale: its exit code and output. The output streams as it comes unless
 * `stream` is false (a test lane prints it in one block).
 */
export async function buildMissingCapture({ force = false, stream = true } = {}) {
  const todo = force ? FRONTENDS.map((f) => f.pkg) : staleFrontends();
  if (todo.length === 0) return { code: 0, out: 'Every build is current.\n' };
  const heading = `Building ${todo.join(', ')}…\n`;
  if (stream) process.stdout.write(heading);
  const filters = todo.flatMap((pkg) => ['--filter', pkg]);
  const { code, out } = await pnpmCapture(['--workspace-concurrency=2', ...filters, 'run', 'build'], { stream });
  return { code, out: heading + out };
}

/** Builds only what is missing or stale, streaming; returns the exit code. */
export async function buildMissing({ force = false } = {}) {
  return (await buildMissingCapture({ force })).code;
}
