/**
 * `pnpm --filter bench bench:concurrency`: the read tail under many concurrent clients. Starts the
 * real server in a child process on loopback (embedded PGlite in a temp data dir, then PostgreSQL
 * when DATABASE_URL is set: a scratch database is created and dropped), logs a creator in, and drives
 * CLIENTS (100) keep-alive clients of signed read calls — material list, draft search, user info —
 * for SECONDS (30), then the bare public route /api/runtime/config the same way for comparison.
 * Prints p50/p95/p99/max, requests per second, timeouts (no answer within TIMEOUT_MS, 5000) and
 * errors, plus the server's own view of the same requests (handler time, from Fastify).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeSign, newNonce } from 'shared-sdk/contract';

const CLIENTS = Number(process.env.CLIENTS ?? 100);
const SECONDS = Number(process.env.SECONDS ?? 30);
const BARE_SECONDS = Number(process.env.BARE_SECONDS ?? 10);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 5000);
const APP_ID = 'bench-app';
const SECRET = 'bench-secret';

/** Child: the server as `npm start` runs it, plus a record of each request's time inside Fastify. */
async function serve(databaseUrl: string): Promise<void> {
  const { buildApp } = await import('api-server/src/app');
  const { loadConfig } = await import('api-server/src/config');
  const { migrateToLatest } = await import('api-server/src/db/migrate');
  const { seedDemoData } = await import('api-server/src/seed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-concurrency-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_ID,
    APP_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp(config);
  const times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  await migrateToLatest(app.db);
  await seedDemoData(app.db, app.storage);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('message', (message) => {
    if (message === 'reset') times.length = 0;
    if (message === 'report') process.send?.({ server: summary(times, 1) });
  });
  process.on('SIGTERM', () => {
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

interface Summary {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summary(times: number[], seconds: number): Summary {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string | number>;
}

function encode(call: Call, token: string): { path: string; body?: string } {
  const fields: Record<string, string | number> = { ...call.params, timestamp: Date.now(), app_id: APP_ID, nonce: newNonce(), token };
  fields.sign = computeSign(fields, SECRET, { method: call.method, path: call.path });
  const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  return call.method === 'GET' ? { path: `${call.path}?${form}` } : { path: call.path, body: form };
}

function answerCode(text: string): number | null {
  try {
    return (JSON.parse(text) as { code: number }).code;
  } catch {
    return null;
  }
}

function send(agent: http.Agent, port: number, call: Call, token: string): Promise<{ status: number; code: number | null; text: string }> {
  const { path: url, body } = encode(call, token);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: url, method: call.method, agent, timeout: TIMEOUT_MS, headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {} },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, code: answerCode(text), text });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

async function drive(port: number, calls: Call[], token: string, seconds: number): Promise<{ summary: Summary; timeouts: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const times: number[] = [];
  let timeouts = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const client = async (n: number) => {
    for (let i = n; performance.now() < until; i += 1) {
      const began = performance.now();
      try {
        const answer = await send(agent, port, calls[i % calls.length]!, token);
        times.push(performance.now() - began);
        if (answer.status !== 200 || answer.code !== 0) errors += 1;
      } catch (error) {
        if (error instanceof Error && error.message === 'timeout') timeouts += 1;
        else errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  agent.destroy();
  return { summary: summary(times, seconds), timeouts, errors };
}

const row = (name: string, s: Summary, timeouts: number | string, errors: number | string) =>
  console.info(
    name.padEnd(34),
    String(s.count).padStart(7),
    s.perSecond.toFixed(0).padStart(7),
    ...[s.p50, s.p95, s.p99, s.max].map((v) => v.toFixed(0).padStart(7)),
    String(timeouts).padStart(8),
    String(errors).padStart(7),
  );

async function run(engine: string, databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  try {
    // stdio[1] is 'pipe', so stdout exists; the type of spawn() with an ipc channel does not say so.
    const stdout = child.stdout;
    if (!stdout) throw new Error('the bench server has no stdout');
    const port = await new Promise<number>((resolve, reject) => {
      stdout.setEncoding('utf8');
      stdout.on('data', (chunk: string) => {
        const ready = /READY (\d+)/.exec(chunk);
        if (ready) resolve(Number(ready[1]));
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: false });
    const login = await send(agent, port, { method: 'POST', path: '/login/admin/login', params: { phone: '13800000001', password: 'demo1234' } }, '');
    const token = (JSON.parse(login.text) as { data: { token: string } }).data.token;
    const reads: Call[] = [
      { method: 'POST', path: '/api/material/list', params: { all: 1, page: 1, per_page: 24 } },
      { method: 'GET', path: '/api/draft/search', params: { type: 0, page: 1, size: 10 } },
      { method: 'GET', path: '/api/user/mpBaseUserinfo', params: {} },
    ];
    const bare: Call[] = [{ method: 'GET', path: '/api/runtime/config', params: {} }];
    const serverView = () =>
      new Promise<Summary>((resolve) => {
        child.once('message', (message) => resolve((message as { server: Summary }).server));
        child.send('report');
      });

    console.info(`\n${engine}: ${CLIENTS} clients, ${SECONDS} s of reads, ${BARE_SECONDS} s of the bare route, timeout ${TIMEOUT_MS} ms`);
    console.info('case'.padEnd(34), 'count'.padStart(7), 'req/s'.padStart(7), 'p50'.padStart(7), 'p95'.padStart(7), 'p99'.padStart(7), 'max'.padStart(7), 'timeouts'.padStart(8), 'errors'.padStart(7));
    await drive(port, reads, token, 2); // warm-up: JIT, query plans, connections
    child.send('reset');
    const signedReads = await drive(port, reads, token, SECONDS);
    row('signed reads (client, ms)', signedReads.summary, signedReads.timeouts, signedReads.errors);
    row('signed reads (server, ms)', await serverView(), '', '');
    child.send('reset');
    const bareRoute = await drive(port, bare, token, BARE_SECONDS);
    row('bare /api/runtime/config (client)', bareRoute.summary, bareRoute.timeouts, bareRoute.errors);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  await run('PGlite (embedded, on disk)', '');
  if (process.env.DATABASE_URL) {
    const { createScratchDatabase } = await import('api-server/src/testing/test-database');
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'bench_concurrency');
    try {
      await run('PostgreSQL', scratch.url);
    } finally {
      await scratch.drop();
    }
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3] ?? '');
else await main();
