import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The one pinned package manager. It is not in package.json's "packageManager": pnpm 12 then tries to
// record it in the lockfile and refuses a frozen install because the registry has no such record.
export const PNPM = 'pnpm@12.21.0';

/** Runs a command, streaming its output; resolves to its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

/** Runs the pinned pnpm (packageManager in package.json) through npx. */
export function runPnpm(args, options = {}) {
  return run('npx', ['--yes', PNPM, ...args], options);
}

/** Runs a command and captures its output, also streaming it unless `stream` is false. */
export function runCapture(cmd, args, { stream = true, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (stream) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
      if (stream) process.stderr.write(chunk);
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
    child.on('error', (err) => resolve({ code: 1, out: err.message }));
  });
}

/** Runs the pinned pnpm through npx and captures its output (`runCapture`'s options). */
export function pnpmCapture(args, options = {}) {
  return runCapture('npx', ['--yes', PNPM, ...args], options);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.modules.yaml');
  const lock = path.join(ROOT, 'pnpm-lock.yaml');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return 0;
  console.info('Installing dependencies (pnpm, lockfile pinned)…');
  return runPnpm(['install', '--frozen-lockfile']);
}
