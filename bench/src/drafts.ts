/**
 * Draft and manuscript list latency for one creator with 100,000 drafts and 100,000 manuscripts,
 * through the real app (signed app.inject calls): page 1, a deep page and a keyword, on PGlite and,
 * when DATABASE_URL names a PostgreSQL server, on a fresh database created there and dropped after
 * (the API tests' database helper does both).
 *
 *   pnpm --filter bench bench:drafts            (ROWS=100000 REQUESTS=200 to change the load)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from 'api-server/src/app';
import { loadConfig } from 'api-server/src/config';
import type { DatabaseHandle } from 'api-server/src/db/connect';
import { analyzeContentTables } from 'api-server/src/features/drafts/maintenance';
import { openTestDatabase } from 'api-server/src/testing/test-database';
import { computeSign, newNonce } from 'shared-sdk/contract';

const ROWS = Number(process.env.ROWS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WORDS = ['郑州', '黄河', '乡村', '秋收', '老街', '少林', '广场', '文化', '城市', '新闻', 'report', 'daily'];
const APP_ID = 'bench-app';
const SECRET = 'bench-secret';

async function seed(handle: DatabaseHandle): Promise<number> {
  const user = await handle.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
  const start = Date.now() - ROWS * 60_000;
  for (let offset = 0; offset < ROWS; offset += 2_000) {
    const n = Math.min(2_000, ROWS - offset);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = offset + k;
      const created = new Date(start + i * 60_000);
      return {
        global_id: randomUUID(),
        user_id: user.id,
        type: (i % 3) + 1,
        title: `${WORDS[i % WORDS.length]}${WORDS[(i * 7) % WORDS.length]}稿件 ${i}`,
        cover_urls: '[]',
        body: '<p>bench</p>',
        created_at: created,
        updated_at: created,
      };
    });
    await handle.db.insertInto('drafts').values(rows).execute();
    const statuses = [4, 5, 6, 7, 12, 13];
    // Spread every status over every type (type follows i % 3).
    await handle.db
      .insertInto('manuscripts')
      .values(rows.map((row, k) => ({ ...row, global_id: randomUUID(), status: statuses[Math.floor((offset + k) / 3) % statuses.length] ?? 7, platforms: '[9]' })))
      .execute();
  }
  // As autovacuum would soon after a bulk load: statistics and the visibility map for index-only scans.
  await analyzeContentTables(handle.db);
  return user.id;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A fresh database: PGlite in memory, or one created on the server of serverUrl and dropped at close. */
async function run(engine: string, serverUrl: string): Promise<void> {
  process.env.TEST_DATABASE_URL = serverUrl;
  const handle = await openTestDatabase();
  const databaseUrl = handle.url;
  const seedStart = performance.now();
  await seed(handle);
  console.info(`\n${engine}: seeded ${ROWS} drafts + ${ROWS} manuscripts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const app = await buildApp({ ...loadConfig({}), appId: APP_ID, appSecret: SECRET, logLevel: 'silent', rateLimitPerMinute: 1_000_000_000, databaseUrl }, { database: handle, logger: false });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/login/admin/login', payload: signedParams('POST', '/login/admin/login', { phone: '13800000001', password: 'demo1234' }) });
    const token = login.json<{ data: { token: string } }>().data.token;
    const deep = Math.floor(ROWS / 10 / 2);
    const cases: Array<[string, string, Record<string, string | number>]> = [
      ['draft page 1', '/api/draft/search', { type: 0, page: 1, size: 10 }],
      ['draft page 1, tab 图文', '/api/draft/search', { type: 1, page: 1, size: 10 }],
      [`draft page ${deep}`, '/api/draft/search', { type: 0, page: deep, size: 10 }],
      ['draft keyword 黄河', '/api/draft/search', { type: 0, page: 1, size: 10, title: '黄河' }],
      ['draft keyword "稿件 4242"', '/api/draft/search', { type: 0, page: 1, size: 10, title: '稿件 4242' }],
      ['manuscript page 1', '/api/manuscript/list', { type: 1, status: 20, page: 1, size: 10 }],
      ['manuscript 定时发布 page 1', '/api/manuscript/list', { type: 1, status: 12, page: 1, size: 10 }],
      [`manuscript page ${Math.floor(deep / 3)}`, '/api/manuscript/list', { type: 1, status: 20, page: Math.floor(deep / 3), size: 10 }],
      ['manuscript keyword 郑州', '/api/manuscript/list', { type: 1, status: 20, page: 1, size: 10, title: '郑州' }],
    ];
    console.info('case'.padEnd(30), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s'.padStart(8), 'count'.padStart(8));
    for (const [name, url, params] of cases) {
      const times: number[] = [];
      let count = 0;
      const began = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, query: signedParams('GET', url, { ...params, token }) });
        times.push(performance.now() - t0);
        const answer = res.json<{ code: number; msg: string; data: { count: number } }>();
        if (answer.code !== 0) throw new Error(`${name}: ${answer.code} ${answer.msg}`);
        count = answer.data.count;
      }
      const seconds = (performance.now() - began) / 1000;
      times.sort((a, b) => a - b);
      const row = [percentile(times, 50), percentile(times, 95), percentile(times, 99)].map((v) => v.toFixed(1).padStart(8));
      console.info(name.padEnd(30), ...row, (REQUESTS / seconds).toFixed(0).padStart(8), String(count).padStart(8));
    }
  } finally {
    await app.close();
    await handle.close();
  }
}

function signedParams(method: string, path: string, params: Record<string, string | number>): Record<string, string> {
  const all: Record<string, string | number> = { ...params, timestamp: Date.now(), app_id: APP_ID, nonce: newNonce() };
  all.sign = computeSign(all, SECRET, { method, path });
  return Object.fromEntries(Object.entries(all).map(([key, value]) => [key, String(value)]));
}

await run('PGlite (in memory)', '');
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
