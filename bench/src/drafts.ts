/**
 * Draft and manuscript list latency for one creator with ROWS drafts and ROWS manuscripts (the worst
 * case: every row is the same creator's), through the real app (signed app.inject calls) under
 * CLIENTS concurrent clients: page 1, a tab, a deep page and keywords, with the bare route
 * /api/runtime/config measured the same way in the same run as the baseline. On PGlite and, when
 * DATABASE_URL names a PostgreSQL server, on a fresh database created there and dropped after.
 *
 *   pnpm --filter bench bench:drafts     (ROWS=1000000 REQUESTS=1000 CLIENTS=50 PGLITE=0 to change it)
 *
 * Seeding: `seedContent` (content-seed.ts).
 */
import { buildApp } from 'api-server/src/app';
import { loadConfig } from 'api-server/src/config';
import { openTestDatabase } from 'api-server/src/testing/test-database';
import { computeSign, newNonce } from 'shared-sdk/contract';
import { seedContent } from './content-seed';
import { LATENCY_HEADER, type Latency, latencyLine, measureConcurrent } from './materials-seed';

const ROWS = Number(process.env.ROWS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 1_000);
const CLIENTS = Number(process.env.CLIENTS ?? 50);
const APP_ID = 'bench-app';
const SECRET = 'bench-secret';

/** A fresh database: PGlite in memory, or one created on the server of serverUrl and dropped at close. */
async function run(engine: string, serverUrl: string): Promise<void> {
  process.env.TEST_DATABASE_URL = serverUrl;
  const handle = await openTestDatabase();
  const databaseUrl = handle.url;
  const seedStart = performance.now();
  const user = await handle.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
  await seedContent(handle.db, user.id, ROWS);
  console.info(
    `\n${engine}: seeded ${ROWS.toLocaleString('en')} drafts + ${ROWS.toLocaleString('en')} manuscripts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${CLIENTS} concurrent clients, ${REQUESTS} requests per case`,
  );
  const app = await buildApp(
    { ...loadConfig({}), appId: APP_ID, appSecret: SECRET, logLevel: 'silent', rateLimitPerMinute: 1_000_000_000, databaseUrl },
    { database: handle, logger: false },
  );
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/login/admin/login',
      payload: signedParams('POST', '/login/admin/login', { phone: '13800000001', password: 'demo1234' }),
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const deep = Math.max(1, Math.floor(ROWS / 10 / 2));
    const cases: Array<[string, string, Record<string, string | number>]> = [
      ['draft page 1', '/api/draft/search', { type: 0, page: 1, size: 10 }],
      ['draft page 1, tab 图文', '/api/draft/search', { type: 1, page: 1, size: 10 }],
      [`draft deep page ${deep}`, '/api/draft/search', { type: 0, page: deep, size: 10 }],
      ['draft keyword 黄河 (mine)', '/api/draft/search', { type: 0, page: 1, size: 10, title: '黄河' }],
      ['draft keyword "稿件 4242" (mine)', '/api/draft/search', { type: 0, page: 1, size: 10, title: '稿件 4242' }],
      ['manuscript page 1', '/api/manuscript/list', { type: 1, status: 20, page: 1, size: 10 }],
      ['manuscript 定时发布 page 1', '/api/manuscript/list', { type: 1, status: 12, page: 1, size: 10 }],
      [
        `manuscript deep page ${Math.max(1, Math.floor(deep / 3))}`,
        '/api/manuscript/list',
        { type: 1, status: 20, page: Math.max(1, Math.floor(deep / 3)), size: 10 },
      ],
      ['manuscript keyword 郑州 (mine)', '/api/manuscript/list', { type: 1, status: 20, page: 1, size: 10, title: '郑州' }],
    ];
    console.info(LATENCY_HEADER);
    const bare = await measureConcurrent(() => app.inject({ method: 'GET', url: '/api/runtime/config' }), CLIENTS, REQUESTS);
    console.info(latencyLine('bare route /api/runtime/config', '', bare, null));
    for (const [name, url, params] of cases) {
      let count = 0;
      const call = async () => {
        const res = await app.inject({ method: 'GET', url, query: signedParams('GET', url, { ...params, token }) });
        const answer = res.json<{ code: number; msg: string; data: { count: number } }>();
        if (answer.code !== 0) throw new Error(`${name}: ${answer.code} ${answer.msg}`);
        count = answer.data.count;
      };
      const latency: Latency = await measureConcurrent(call, CLIENTS, REQUESTS);
      console.info(latencyLine(name, count, latency, bare));
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

if (process.env.PGLITE !== '0') await run('PGlite (in memory)', '');
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
