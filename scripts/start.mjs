#!/usr/bin/env node
// `npm start`: install, build what is missing, then run the API server, which migrates, seeds and
// serves the host, every remote, the runtime config and the storage from one port (and takes
// uploads on the next one, in a thread of its own).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ROOT, run } from './lib/pnpm.mjs';
import { buildMissing } from './lib/build.mjs';
import { runUnderSupportedNode } from './lib/node.mjs';

// Under a Node older than the supported ones, everything below runs on the pinned current Node (scripts/lib/node.mjs).
await runUnderSupportedNode({ install: ensureInstalled });

const fail = (step, code) => {
  console.error(`\n${step} failed (exit ${code}).`);
  process.exit(code || 1);
};

let code = await ensureInstalled();
if (code !== 0) fail('Installing dependencies', code);
code = await buildMissing({ force: process.argv.includes('--rebuild') });
if (code !== 0) fail('Building the front end', code);
// The server runs from its bundles (api-server dist/), built every time: it takes about a second.
code = await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: path.join(ROOT, 'api-server') });
if (code !== 0) fail('Building the API server', code);
// Each remote's build into the embedded release store (published, immutable). It becomes stable only
// until an operator takes a rollout step for that remote; after that, stable is the operator's call.
const dataDir = path.resolve(process.env.DATA_DIR || path.join(ROOT, '.data'));
const releasesDir = path.resolve(process.env.RELEASES_DIR || path.join(dataDir, 'releases'));
if (process.env.RELEASES_BUCKET_PREFIX) {
  // Releases in a bucket come from CI (the deploy package's Node API), never from this machine's builds.
  console.info('Releases come from the object storage bucket (RELEASES_BUCKET_PREFIX): nothing published at start-up.');
} else {
  const published = await run(process.execPath, ['--import', 'tsx', 'src/embedded/run-embedded-publish.ts', ROOT, releasesDir], {
    cwd: path.join(ROOT, 'deploy'),
  });
  if (published !== 0) console.warn('The embedded release publish failed; the server falls back to the dist folders.');
}

// glibc gives each thread that allocates its own malloc arena and keeps what is freed there: V8's
// compiler threads (PGlite's WebAssembly) and libuv's pool left ~60-100 MB resident at rest. Two
// arenas cost nothing measurable here; an operator's own setting wins. Other C libraries ignore it.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(ROOT, 'api-server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    WEB_ROOT: process.env.WEB_ROOT ?? ROOT,
    // Uploads go to the storage thread on the next port, so their bytes never hold up the API's
    // event loop (api-server features/oss/storage-thread.ts). STORAGE_PORT= (empty) turns it off.
    ...(process.env.OSS_BUCKET ? {} : { STORAGE_PORT: process.env.STORAGE_PORT ?? String(Number(process.env.PORT || 8080) + 1) }),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 0 : 1)));
