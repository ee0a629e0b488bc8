#!/usr/bin/env node
// Runs every src/**/*.test.ts with node's test runner; it lists the files itself, to apply filters and shards.
// `--pg` runs them on PostgreSQL: TEST_DATABASE_URL, or the local server's default URL.
// `--shard=K/N` runs every N-th file from the K-th (1-based) of the sorted list, so that N processes
// share the files (npm test runs each engine's pass in three shards, each taken by whichever of its two
// lanes is free).
// Files run one at a time: each opens its own database (PGlite takes ~800 MB while it initialises).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const env = { ...process.env };
if (args.includes('--pg')) {
  env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  console.info(`API tests on PostgreSQL (${env.TEST_DATABASE_URL})`);
}
const filters = args.filter((arg) => !arg.startsWith('--'));
const shardArg = args.find((arg) => arg.startsWith('--shard='));
const [shard, shards] = shardArg ? shardArg.slice('--shard='.length).split('/').map(Number) : [1, 1];
if (!(Number.isInteger(shard) && Number.isInteger(shards) && shard >= 1 && shard <= shards)) {
  console.error(`--shard=K/N: K and N whole numbers, 1 ≤ K ≤ N (got ${shardArg})`);
  process.exit(2);
}
const files = readdirSync(path.join(root, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts') && (!filters.length || filters.some((filter) => file.includes(filter))))
  .sort()
  .filter((_, index) => index % shards === shard - 1)
  .map((file) => path.join('src', file));
if (shards > 1) console.info(`API test files, shard ${shard} of ${shards}: ${files.length}`);

// --liftoff-only (each file's process inherits it): PGlite's WebAssembly stays on V8's baseline compiler.
// A file's process lives ~10 s, too short for the optimising tier-up to pay back the CPU its background
// threads take from the other lane of npm test: 16 files (every 7th) on PGlite took 155–161 s of CPU
// instead of 177–179 s; most files ~2 s less each, the query-heaviest (search-plans) ~5 s more.
const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
