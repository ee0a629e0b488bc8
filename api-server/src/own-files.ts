/**
 * Where the server's own files are, whether it runs from its TypeScript sources (tests, `npm run dev`:
 * tsx) or from its build (`npm start`, `npm run worker`, production: `dist/`, bundled by
 * `scripts/build.ts`). A bundle gives every module of an entry the entry's `import.meta.url`, so
 * nothing here is relative to the module that asks: paths start from the package's own folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function findPackageRoot(from: string): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'api-server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`api-server: no package.json of api-server above ${from}`);
  }
}

/** The api-server package's folder. */
export const API_ROOT = findPackageRoot(fileURLToPath(import.meta.url));

/** The repository's root folder (the workspace). */
export const REPO_ROOT = path.dirname(API_ROOT);

/** True when this code runs from the build (a bundle in dist/), false from the TypeScript sources. */
export const RUNS_BUILT = !import.meta.url.endsWith('.ts');

/** The process and thread entry points the server starts besides itself (each one bundle in dist/). */
export const ENTRIES = ['main', 'worker-main', 'storage-thread-main', 'db/pglite-prepare-child', 'features/newspaper/render-process-child'] as const;
export type Entry = (typeof ENTRIES)[number];

/** The file to start for an entry: its bundle when built, its source otherwise. */
export function entryUrl(entry: Entry): URL {
  return pathToFileURL(RUNS_BUILT ? path.join(API_ROOT, 'dist', `${entry}.js`) : path.join(API_ROOT, 'src', `${entry}.ts`));
}

/**
 * Node options for a child process or thread running an entry: none for a bundle; from the sources,
 * tsx's loader (resolved from here, so the working directory does not matter).
 */
export function entryExecArgv(): string[] {
  return RUNS_BUILT ? process.execArgv.filter((arg) => arg === '--enable-source-maps') : ['--import', import.meta.resolve('tsx')];
}

/** A file shipped beside the sources (articles, demo assets): read from src/ in both modes. */
export function sourceFile(...segments: string[]): string {
  return path.join(API_ROOT, 'src', ...segments);
}
