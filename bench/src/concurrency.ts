/**
 * `pnpm --filter bench bench:concurrency`: the read tail under many concurrent clients.
 *
 * Three kinds of thread, so the load generator cannot be what is measured:
 * - the server, in its own process, as `npm start` runs it: embedded PGlite in a temp data dir, then
 *   PostgreSQL when DATABASE_URL is set (a scratch database is created and dropped); it logs at
 *   LOG_LEVEL (default `info`, the production default) into a pipe this process drains;
 * - WORKERS (2) worker threads in this process, each driving its share of CLIENTS (100) keep-alive
 *   clients (one socket each) of signed read calls — material list, draft search, user info — as a
 *   browser sends them (Accept-Encoding: gzip, br), for SECONDS (30); then the bare public route
 *   /api/runtime/config the same way for BARE_SECONDS (10), the baseline of the same run;
 * - this thread, which only starts and collects.
 * Prints p50/p95/p99/max, requests per second, timeouts (no answer within TIMEOUT_MS, 5000) and
 * errors; the server's own view of the same requests (Fastify's time, from the request being read);
 * the server's CPU per request, event-loop delay and GC pauses; and each client thread's event-loop
 * delay (if it were high, the clients and not the server would be the bottleneck). ROUNDS (1) repeats
 * the measurement on the same server; ENGINES (`pglite,postgres`) picks the engines; SERVER_NODE_ARGS
 * adds Node options to the server process; PROFILE_DIR has the server write a CPU profile of each
 * measured stretch there.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { computeSign, newNonce } from 'shared-sdk/contract';

const CLIENTS = Number(process.env.CLIENTS ?? 100);
const WORKERS = Math.max(1, Math.min(CLIENTS, Number(process.env.WORKERS ?? 2)));
const SECONDS = Number(process.env.SECONDS ?? 30);
const BARE_SECONDS = Number(process.env.BARE_SECONDS ?? 10);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 5000);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 1));
const LOG_LEVEL = process.env.LOG_LEVEL || 'info';
const APP_ID = 'bench-app';
const SECRET = 'bench-secret';
const self = fileURLToPath(import.meta.url);

interface Summary {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summary(times: ArrayLike<number>, seconds: number): Summary {
  const sorted = Float64Array.from(times).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

/** Event-loop delay in ms (p50/p99/max) since the histogram was last reset. */
function loopDelay(histogram: ReturnType<typeof monitorEventLoopDelay>): { p50: number; p99: number; max: number } {
  const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

// ---------------------------------------------------------------------------------------------
// The server process.

interface ServerView {
  server: Summary;
  cpuMsPerRequest: number;
  /** Of which in the kernel (system calls: socket writes and reads, log writes). */
  systemMsPerRequest: number;
  cpuShare: number;
  loop: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number };
}

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
    LOG_LEVEL,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp(config);
  let times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  await migrateToLatest(app.db);
  await seedDemoData(app.db, app.storage);
  await app.listen({ host: '127.0.0.1', port: 0 });

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let since = { cpu: process.cpuUsage(), at: performance.now() };

  const address = app.server.address();
  // Written to stderr: stdout carries the server's log lines, which the parent drains and counts.
  process.stderr.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  // PROFILE_DIR: a CPU profile of each measured stretch (from 'reset' to 'report'), for DevTools.
  const profileDir = process.env.PROFILE_DIR;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const inspector = profileDir ? new Session() : null;
  inspector?.connect();
  let profiles = 0;
  const onMessage = async (message: unknown) => {
    if (message === 'reset') {
      if (inspector) {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      }
      times = [];
      loop.reset();
      Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0 });
      since = { cpu: process.cpuUsage(), at: performance.now() };
      process.send?.('reset-done');
    }
    if (message === 'report') {
      const cpu = process.cpuUsage(since.cpu);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      const view: ServerView = {
        server: summary(times, 1),
        cpuMsPerRequest: times.length ? cpuMs / times.length : 0,
        systemMsPerRequest: times.length ? cpu.system / 1000 / times.length : 0,
        cpuShare: cpuMs / (performance.now() - since.at),
        loop: loopDelay(loop),
        gc: { ...gc },
      };
      if (inspector && profileDir) {
        const { profile } = await inspector.post('Profiler.stop');
        profiles += 1;
        writeFileSync(path.join(profileDir, `${databaseUrl ? 'postgres' : 'pglite'}-${process.pid}-${profiles}.cpuprofile`), JSON.stringify(profile));
      }
      process.send?.(view);
    }
  };
  // A failed profiler step ends the server: the parent sees it exit rather than wait for an answer.
  process.on('message', (message) => {
    onMessage(message).catch((error: unknown) => {
      console.error('bench server:', error);
      process.exit(1);
    });
  });
  process.on('SIGTERM', () => {
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The client threads.

interface Call {
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string | number>;
}

interface DriveTask {
  port: number;
  calls: Call[];
  token: string;
  seconds: number;
  clients: number;
  firstClient: number;
}

interface DriveResult {
  times: Float64Array;
  timeouts: number;
  errors: number;
  firstError: string;
  loop: { p50: number; p99: number; max: number };
}

function encode(call: Call, token: string): { path: string; body?: string } {
  const fields: Record<string, string | number> = { ...call.params, timestamp: Date.now(), app_id: APP_ID, nonce: newNonce(), token };
  fields.sign = computeSign(fields, SECRET, { method: call.method, path: call.path });
  const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  return call.method === 'GET' ? { path: `${call.path}?${form}` } : { path: call.path, body: form };
}

/**
 * One call, timed from just before the request is written to the end of the answer. The answer is
 * read as bytes and not decompressed (a browser would, but that is the client's cost, not the
 * server's); its status tells success, and the envelope's code is checked when it is plain JSON.
 */
function send(agent: http.Agent, port: number, call: Call, token: string): Promise<{ status: number; ok: boolean; text: string }> {
  const { path: url, body } = encode(call, token);
  const headers: http.OutgoingHttpHeaders = { 'accept-encoding': 'gzip, deflate, br' };
  if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, method: call.method, agent, timeout: TIMEOUT_MS, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (response.headers['content-encoding']) {
          resolve({ status, ok: status === 200, text: '' });
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        let code: number | null;
        try {
          code = (JSON.parse(text) as { code: number }).code;
        } catch {
          code = null;
        }
        resolve({ status, ok: status === 200 && code === 0, text });
      });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

async function drive(task: DriveTask): Promise<DriveResult> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // One socket per client: no request ever waits for a free socket in the agent.
  const agent = new http.Agent({ keepAlive: true, maxSockets: task.clients, maxFreeSockets: task.clients });
  const times: number[] = [];
  let timeouts = 0;
  let errors = 0;
  let firstError = '';
  const until = performance.now() + task.seconds * 1000;
  const client = async (n: number) => {
    for (let i = n; performance.now() < until; i += 1) {
      const began = performance.now();
      try {
        const answer = await send(agent, task.port, task.calls[i % task.calls.length]!, task.token);
        times.push(performance.now() - began);
        if (!answer.ok) {
          errors += 1;
          firstError ||= `${answer.status} ${answer.text.slice(0, 200)}`;
        }
      } catch (error) {
        if (error instanceof Error && error.message === 'timeout') timeouts += 1;
        else {
          errors += 1;
          firstError ||= String(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: task.clients }, (_, n) => client(task.firstClient + n)));
  agent.destroy();
  loop.disable();
  return { times: Float64Array.from(times), timeouts, errors, firstError, loop: loopDelay(loop) };
}

/** Runs CLIENTS clients spread over WORKERS threads and merges what they measured. */
async function driveInWorkers(
  task: Omit<DriveTask, 'clients' | 'firstClient'>,
): Promise<{ summary: Summary; timeouts: number; errors: number; firstError: string; clientLoopMaxP99: number }> {
  const results = await Promise.all(
    Array.from({ length: WORKERS }, (_, w) => {
      const clients = Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0);
      const firstClient = w * Math.floor(CLIENTS / WORKERS);
      return new Promise<DriveResult>((resolve, reject) => {
        // Node 20 does not apply `--import tsx` to a worker's entry: the worker loads this file through tsx's API.
        const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
        const worker = new Worker(entry, { eval: true, workerData: { ...task, clients, firstClient } satisfies DriveTask });
        worker.once('message', (result: DriveResult) => resolve(result));
        worker.once('error', reject);
      });
    }),
  );
  const times = new Float64Array(results.reduce((n, r) => n + r.times.length, 0));
  let offset = 0;
  for (const r of results) {
    times.set(r.times, offset);
    offset += r.times.length;
  }
  return {
    summary: summary(times, task.seconds),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstError: results.map((r) => r.firstError).find(Boolean) ?? '',
    clientLoopMaxP99: Math.max(...results.map((r) => r.loop.p99)),
  };
}

// ---------------------------------------------------------------------------------------------
// The coordinator.

const row = (name: string, s: Summary, timeouts: number | string, errors: number | string, extra = '') =>
  console.info(
    name.padEnd(34),
    String(s.count).padStart(7),
    s.perSecond.toFixed(0).padStart(7),
    ...[s.p50, s.p95, s.p99, s.max].map((v) => v.toFixed(0).padStart(7)),
    String(timeouts).padStart(8),
    String(errors).padStart(7),
    extra,
  );

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

async function run(engine: string, databaseUrl: string): Promise<void> {
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', self, '--serve', databaseUrl], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, LOG_LEVEL },
  });
  let logLines = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) logLines += 1;
  });
  try {
    const stderr = child.stderr;
    if (!stderr) throw new Error('the bench server has no stderr');
    const port = await new Promise<number>((resolve, reject) => {
      stderr.setEncoding('utf8');
      stderr.on('data', (chunk: string) => {
        const ready = /READY (\d+)/.exec(chunk);
        if (ready) resolve(Number(ready[1]));
        else process.stderr.write(chunk);
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
    const reset = () =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send('reset');
      });
    const serverView = () =>
      new Promise<ServerView>((resolve) => {
        child.once('message', (message) => resolve(message as ServerView));
        child.send('report');
      });

    await driveInWorkers({ port, calls: reads, token, seconds: 2 }); // warm-up: JIT, query plans, connections
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.info(
        `\n${engine}, round ${round}/${ROUNDS}: ${CLIENTS} clients on ${WORKERS} threads, ${SECONDS} s of reads, ${BARE_SECONDS} s of the bare route, timeout ${TIMEOUT_MS} ms, log level ${LOG_LEVEL}; load average ${load()}`,
      );
      console.info(
        'case'.padEnd(34),
        'count'.padStart(7),
        'req/s'.padStart(7),
        'p50'.padStart(7),
        'p95'.padStart(7),
        'p99'.padStart(7),
        'max'.padStart(7),
        'timeouts'.padStart(8),
        'errors'.padStart(7),
      );
      await reset();
      logLines = 0;
      const signedReads = await driveInWorkers({ port, calls: reads, token, seconds: SECONDS });
      const readsView = await serverView();
      const readsLogLines = logLines;
      await reset();
      const bareRoute = await driveInWorkers({ port, calls: bare, token, seconds: BARE_SECONDS });
      const bareView = await serverView();
      row('signed reads (client, ms)', signedReads.summary, signedReads.timeouts, signedReads.errors);
      row('signed reads (server, ms)', readsView.server, '', '');
      row('bare /api/runtime/config (client)', bareRoute.summary, bareRoute.timeouts, bareRoute.errors);
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(1) : '–');
      console.info(
        `ratio signed / bare: p50 ${ratio(signedReads.summary.p50, bareRoute.summary.p50)}×, p99 ${ratio(signedReads.summary.p99, bareRoute.summary.p99)}×, req/s ${ratio(bareRoute.summary.perSecond, signedReads.summary.perSecond)}× fewer`,
      );
      for (const [name, view] of [
        ['signed reads', readsView],
        ['bare route', bareView],
      ] as const) {
        console.info(
          `server during ${name}: CPU ${view.cpuMsPerRequest.toFixed(2)} ms/request (${(view.cpuShare * 100).toFixed(0)} % of a core), event-loop delay p50 ${view.loop.p50.toFixed(0)} / p99 ${view.loop.p99.toFixed(0)} / max ${view.loop.max.toFixed(0)} ms, GC ${view.gc.count} pauses, ${view.gc.totalMs.toFixed(0)} ms in all, longest ${view.gc.maxMs.toFixed(0)} ms`,
        );
      }
      console.info(
        `server log: ${readsLogLines} lines during the reads; client threads' event-loop delay p99: reads ${signedReads.clientLoopMaxP99.toFixed(0)} ms, bare ${bareRoute.clientLoopMaxP99.toFixed(0)} ms; load average now ${load()}`,
      );
      if (signedReads.firstError || bareRoute.firstError) console.info(`first error: ${signedReads.firstError || bareRoute.firstError}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) await run('PGlite (embedded, on disk)', '');
  if (process.env.DATABASE_URL && engines.includes('postgres')) {
    const { createScratchDatabase } = await import('api-server/src/testing/test-database');
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'bench_concurrency');
    try {
      await run('PostgreSQL', scratch.url);
    } finally {
      await scratch.drop();
    }
  }
}

if (!isMainThread) parentPort?.postMessage(await drive(workerData as DriveTask));
else if (process.argv[2] === '--serve') await serve(process.argv[3] ?? '');
else await main();
