/**
 * `pnpm --filter bench bench:materials [N]`: seeds N materials (default 1,000,000) and measures the
 * list call through the whole server (signature, session, validation, query, serialisation) with
 * app.inject: page 1, a deep page, a keyword, a date range, in the public library and in a creator's
 * own. Runs on PGlite (in memory), then on PostgreSQL when DATABASE_URL is set (a fresh database is
 * created and dropped).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from 'api-server/src/app';
import { loadConfig } from 'api-server/src/config';
import { type DatabaseHandle, openDatabase } from 'api-server/src/db/connect';
import { migrateToLatest } from 'api-server/src/db/migrate';
import { seedDemoData } from 'api-server/src/seed';
import { body, login, signed } from 'api-server/src/testing/signed';
import { TEST_APP_ID, TEST_APP_SECRET } from 'api-server/src/testing/test-app';
import { createScratchDatabase } from 'api-server/src/testing/test-database';
import type { MaterialListAnswer } from 'shared-sdk/contract';
import { seedMaterials } from './materials-seed';

const N = Number(process.argv[2] ?? process.env.BENCH_MATERIALS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const log = (line: string) => console.info(line);

const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);

const SCENARIOS: Array<[name: string, params: Record<string, string | number>]> = [
  ['all, page 1', { all: 1 }],
  ['all, page 100', { all: 1, page: 100 }],
  ['all, page 5000 (offset 120k)', { all: 1, page: 5000 }],
  ['all, keyword 嵩山日出', { all: 1, cm_title: '嵩山日出' }],
  ['all, keyword 云 (1 char)', { all: 1, cm_title: '云' }],
  ['all, date range 30 days', { all: 1, cm_create_time: `${day(30)},${day(0)}` }],
  ['mine, page 1', { all: 0 }],
  ['mine, status 1, page 50', { all: 0, cm_check: 1, page: 50 }],
  ['mine, keyword 黄河', { all: 0, cm_title: '黄河' }],
];

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(app: FastifyInstance, token: string): Promise<void> {
  log(`  ${'scenario'.padEnd(32)} ${'total'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(7)}`);
  for (const [name, params] of SCENARIOS) {
    const call = () => signed(app, { method: 'POST', url: '/api/material/list', token, params: { per_page: 24, ...params } });
    const first = body<MaterialListAnswer>(await call());
    if (first.code !== 0) throw new Error(`${name}: ${first.msg}`);
    for (let i = 0; i < 3; i += 1) await call();
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i += 1) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const row = [percentile(times, 50), percentile(times, 95), percentile(times, 99)].map((v) => v.toFixed(1).padStart(8)).join(' ');
    log(`  ${name.padEnd(32)} ${String(first.data.data.total).padStart(8)} ${row} ${(ITERATIONS / elapsed).toFixed(0).padStart(7)}`);
  }
}

async function run(engine: string, database: DatabaseHandle, url: string): Promise<void> {
  log(`\n${engine}: ${N.toLocaleString('en')} materials`);
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  const demo = await database.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
  await seedMaterials(database.db, N, demo.id, log);
  const config = { ...loadConfig({}), appId: TEST_APP_ID, appSecret: TEST_APP_SECRET, databaseUrl: url, logLevel: 'silent', rateLimitPerMinute: 10_000_000 };
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    await measure(app, await login(app, '13800000001'));
  } finally {
    await app.close();
  }
}

const pglite = await openDatabase({ databaseUrl: '' });
try {
  await run('PGlite (embedded, in memory)', pglite, '');
} finally {
  await pglite.close();
}

const serverUrl = process.env.DATABASE_URL ?? '';
if (serverUrl) {
  const scratch = await createScratchDatabase(serverUrl, 'bench_materials');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await run('PostgreSQL', database, scratch.url);
  } finally {
    await database.close();
    await scratch.drop();
  }
}
