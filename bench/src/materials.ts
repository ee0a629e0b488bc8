/**
 * `pnpm --filter bench bench:materials [N]`: seeds N materials (default 1,000,000) and measures the
 * list call through the whole server (signature, session, validation, query, serialisation) with
 * app.inject under CLIENTS (50) concurrent clients, REQUESTS (1,000) per scenario: page 1, a deep
 * page, keywords, a date range, in the public library and in a creator's own, with the bare route
 * /api/runtime/config measured the same way in the same run. Runs on PGlite (in memory; PGLITE=0
 * skips it), then on PostgreSQL when DATABASE_URL is set (a fresh database is created and dropped).
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
import { LATENCY_HEADER, latencyLine, measureConcurrent, seedMaterials } from './materials-seed';

const N = Number(process.argv[2] ?? process.env.BENCH_MATERIALS ?? 1_000_000);
const REQUESTS = Number(process.env.REQUESTS ?? process.env.BENCH_ITERATIONS ?? 1_000);
const CLIENTS = Number(process.env.CLIENTS ?? 50);
const log = (line: string) => console.info(line);

const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
const deepPage = Math.max(1, Math.min(5000, Math.floor((N * 0.7 * 0.95) / 24 / 2)));

const SCENARIOS: Array<[name: string, params: Record<string, string | number>]> = [
  ['all, page 1', { all: 1 }],
  ['all, page 100', { all: 1, page: 100 }],
  [`all, deep page ${deepPage} (offset ${(deepPage - 1) * 24})`, { all: 1, page: deepPage }],
  ['all, keyword 嵩山日出', { all: 1, cm_title: '嵩山日出' }],
  ['all, keyword 云 (1 char)', { all: 1, cm_title: '云' }],
  ['all, keyword 嵩山日出1234 (rare)', { all: 1, cm_title: '嵩山日出1234' }],
  ['all, date range 30 days', { all: 1, cm_create_time: `${day(30)},${day(0)}` }],
  ['mine, page 1', { all: 0 }],
  ['mine, status 1, page 50', { all: 0, cm_check: 1, page: 50 }],
  ['mine, keyword 黄河', { all: 0, cm_title: '黄河' }],
  ['mine, keyword 黄河航拍 (4 chars)', { all: 0, cm_title: '黄河航拍' }],
];

async function measure(app: FastifyInstance, token: string): Promise<void> {
  log(`  ${CLIENTS} concurrent clients, ${REQUESTS} requests per scenario`);
  log(`  ${LATENCY_HEADER}`);
  const bare = await measureConcurrent(() => app.inject({ method: 'GET', url: '/api/runtime/config' }), CLIENTS, REQUESTS);
  log(`  ${latencyLine('bare route /api/runtime/config', '', bare, null)}`);
  for (const [name, params] of SCENARIOS) {
    const call = () => signed(app, { method: 'POST', url: '/api/material/list', token, params: { per_page: 24, ...params } });
    const first = body<MaterialListAnswer>(await call());
    if (first.code !== 0) throw new Error(`${name}: ${first.msg}`);
    const latency = await measureConcurrent(
      async () => {
        const answer = body<MaterialListAnswer>(await call());
        if (answer.code !== 0) throw new Error(`${name}: ${answer.msg}`);
      },
      CLIENTS,
      REQUESTS,
    );
    log(`  ${latencyLine(name, first.data.data.total, latency, bare)}`);
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

if (process.env.PGLITE !== '0') {
  const pglite = await openDatabase({ databaseUrl: '' });
  try {
    await run('PGlite (embedded, in memory)', pglite, '');
  } finally {
    await pglite.close();
  }
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
