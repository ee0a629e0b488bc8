/**
 * Builds the server into dist/: one ESM bundle per entry (the server, the video worker, the storage
 * thread, the database-preparing and page-rendering children), with the workspace's TypeScript
 * packages (shared-sdk, deploy) compiled in and every other dependency left to node_modules.
 * Run from source, each of those processes loaded hundreds of TypeScript modules through tsx's
 * loader: ~130 MB more resident memory at rest than the same code bundled (bench/RESULTS.md).
 * Takes about a second: `npm start` runs it every time, so dist/ is never older than the sources.
 *   node --import tsx scripts/build.ts
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { API_ROOT, ENTRIES } from '../src/own-files';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as Manifest;
const declared = { ...manifest.dependencies, ...manifest.devDependencies };
/** Installed packages the bundles import at run time; workspace packages are TypeScript and compiled in. */
const external = new Set(Object.keys(declared).filter((name) => !declared[name]?.startsWith('workspace:')));

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const leaveInstalledPackages: Plugin = {
  name: 'leave-installed-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      return external.has(packageName(args.path)) ? { path: args.path, external: true } : undefined;
    });
  },
};

/**
 * Each file is written beside its place and renamed over it, so a server already running from dist/
 * (starting a child, restarting its storage thread) never reads half a file while another `npm start`
 * or `npm run worker` builds.
 */
export async function buildServer(): Promise<void> {
  const outdir = path.join(API_ROOT, 'dist');
  const { outputFiles } = await build({
    write: false,
    absWorkingDir: API_ROOT,
    entryPoints: Object.fromEntries(ENTRIES.map((entry) => [entry, path.join('src', `${entry}.ts`)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // CommonJS compiled in from the workspace packages' own dependencies (deploy's tar-stream, through
    // streamx) calls require() for Node's modules ('events'), which an ES module lacks: each bundle
    // gets one, as Node's documentation suggests for ESM that loads CommonJS.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);" },
    plugins: [leaveInstalledPackages],
  });
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const next = `${file.path}.${process.pid}.tmp`;
    writeFileSync(next, file.contents);
    renameSync(next, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildServer();
  console.info(`api-server built into dist/ in ${Date.now() - started} ms`);
}
