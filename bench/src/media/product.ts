/**
 * The product's API server as `npm start` runs it (built, then api-server's dist/main.js: migrate, seed the demo
 * accounts, embedded PGlite and storage in a fresh data folder, logging at `info` into a pipe that
 * is drained), on a free port, with the bench's event-loop monitor loaded into it (loop-monitor.mjs).
 * The front end is not served: the bench calls the API and the storage only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from '../../../api-server/scripts/build';
import { signedCall } from '../../../e2e/support/api';
import { freePort } from '../../../e2e/support/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MONITOR = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'loop-monitor.mjs')).href;

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface Product {
  baseUrl: string;
  pid: number;
  /** The server and its separate video workers, if any: the roots of the RSS sum. */
  pids(): number[];
  dataDir: string;
  token: string;
  /** Resolves once the server's start-up work in the background has ended (false: not within the time). */
  settled(timeoutMs?: number): Promise<boolean>;
  /** Event-loop delay since the last call (the first call starts the count); null if the loop did not answer in time. */
  loopDelay(timeoutMs?: number): Promise<LoopDelay | null>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `workers` > 0: the server transcodes nothing (VIDEO_WORKER_INTERVAL_MS=0) and that many
 * `npm run worker` processes (api-server's dist/worker-main.js) share its database (PostgreSQL only:
 * the embedded database belongs to one process) and its data folder.
 */
export async function startProduct(env: Record<string, string> = {}, workers = 0): Promise<Product> {
  const port = await freePort();
  const storagePort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
  const loopFile = path.join(dataDir, 'loop-delay.jsonl');
  // PROFILE_DIR: a CPU profile of the server, written when it stops (as bench:concurrency takes one).
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE_DIR)}`] : [];
  await buildServer();
  const child: ChildProcess = spawn(process.execPath, [...profile, '--enable-source-maps', '--import', MONITOR, 'dist/main.js'], {
    cwd: path.join(ROOT, 'api-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // As `npm start` runs the server (scripts/start.mjs).
      MALLOC_ARENA_MAX: '2',
      // The storage thread takes the uploads on a port of its own, as with `npm start`.
      STORAGE_PORT: String(storagePort),
      // The bench's cheap call runs at 20 a second: above the default per-client limit.
      RATE_LIMIT_PER_MINUTE: '100000000',
      BENCH_LOOP_FILE: loopFile,
      ...env,
      ...(workers ? { VIDEO_WORKER_INTERVAL_MS: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // A first start imports the demo newspapers in the background (seed/newspapers.ts): work that an
  // idle server does not do, so the bench measures only once it has ended.
  let seeded = false;
  // MEDIA_SERVER_LOG=file: the server's whole log there too, to read a run's request times after it.
  const fullLog = process.env.MEDIA_SERVER_LOG ? createWriteStream(process.env.MEDIA_SERVER_LOG) : null;
  const keep = (chunk: Buffer) => {
    fullLog?.write(chunk);
    log = (log + chunk.toString()).slice(-20_000);
    seeded ||= /demo newspaper (issues imported|import stopped)/.test(log);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const workerChildren: ChildProcess[] = [];
  const stop = async () => {
    for (const worker of workerChildren) await end(worker);
    await end(child);
    fullLog?.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const end = async (child: ChildProcess) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A server whose event loop is stuck ignores SIGTERM: give it 10 s, then end it.
      if ((await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) === false) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  };
  try {
    // Migrating a fresh database takes seconds alone, minutes on a machine busy with other work.
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
      const ready = await fetch(`${baseUrl}/api/runtime/config`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the server did not start within 300 s:\n${log}`);
      await sleep(300);
    }
    const login = await signedCall<{ token: string }>(baseUrl, '', 'POST', '/login/admin/login', { phone: '13800000001', password: 'demo1234' });
    if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
    for (let n = 0; n < workers; n += 1) {
      // Started once the server has migrated the database, as the worker's README asks.
      const worker = spawn(process.execPath, ['--enable-source-maps', 'dist/worker-main.js'], {
        cwd: path.join(ROOT, 'api-server'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '2', ...env, VIDEO_WORKER_INTERVAL_MS: '1000' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout?.on('data', keep);
      worker.stderr?.on('data', keep);
      workerChildren.push(worker);
    }
    let lines = 0;
    return {
      baseUrl,
      pid: child.pid ?? 0,
      pids: () => [child.pid ?? 0, ...workerChildren.map((w) => w.pid ?? 0)],
      dataDir,
      token: login.data.token,
      async settled(timeoutMs = 180_000) {
        const deadline = Date.now() + timeoutMs;
        while (!seeded && Date.now() < deadline) await sleep(200);
        return seeded;
      },
      async loopDelay(timeoutMs = 30_000) {
        child.kill('SIGUSR2');
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const text = existsSync(loopFile) ? readFileSync(loopFile, 'utf8').trim() : '';
          const all = text ? text.split('\n') : [];
          if (all.length > lines) {
            lines = all.length;
            return JSON.parse(all.at(-1) ?? '{}') as LoopDelay;
          }
          await sleep(50);
        }
        return null;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
