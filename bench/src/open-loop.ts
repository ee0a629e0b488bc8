/**
 * An open-loop load generator: requests leave at a fixed arrival rate whether or not earlier ones
 * have been answered, as users load a server, and each latency counts from when its request was
 * due, not from when it was sent (no coordinated omission: a stall of the server or of this thread
 * shows in every request that should have left meanwhile). The rate is shared by WORKERS worker
 * threads, each sending its share on an interleaved schedule over its own keep-alive sockets (as
 * many as are needed: a busy socket never holds a request back).
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { computeSign, newNonce } from 'shared-sdk/contract';

export const APP_ID = 'bench-app';
export const SECRET = 'bench-secret';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string | number>;
}

export interface LoadTask {
  port: number;
  token: string;
  /** The calls in the order they are sent, cycled. */
  calls: Call[];
  ratePerSecond: number;
  seconds: number;
  timeoutMs: number;
}

interface WorkerTask extends LoadTask {
  worker: number;
  workers: number;
}

export interface LoadResult {
  /** Per call of `calls` (by index): latencies in ms from the due time. */
  times: number[][];
  errors: number;
  firstError: string;
  /** The worst sending thread's event-loop delay p99 (ms): if high, the generator lagged. */
  generatorDelayP99: number;
}

/** The call as sent: signed (timestamp, app id, nonce, token, sign), its fields in the query or the form body. */
export function encode(call: Call, token: string): { path: string; body: string | undefined } {
  const fields: Record<string, string | number> = { ...call.params, timestamp: Date.now(), app_id: APP_ID, nonce: newNonce() };
  if (token) fields.token = token;
  fields.sign = computeSign(fields, SECRET, { method: call.method, path: call.path });
  const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  return call.method === 'POST' ? { path: call.path, body: form } : { path: `${call.path}?${form}`, body: undefined };
}

/** One signed call; resolves with the answer's text when it is a success (HTTP 200, code 0). */
export function send(agent: http.Agent, task: Pick<LoadTask, 'port' | 'token' | 'timeoutMs'>, call: Call): Promise<string> {
  const { path: url, body } = encode(call, task.token);
  const headers: http.OutgoingHttpHeaders = body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' };
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: task.port, path: url, method: call.method, agent, timeout: task.timeoutMs, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const ok = response.statusCode === 200 && /^\{"code":0[,}]/.test(text);
          if (ok) resolve(text);
          else reject(new Error(`${call.path}: ${response.statusCode} ${text.slice(0, 200)}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${call.path}: no answer in ${task.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One thread's share: request k (k = worker, worker + workers, …) is due at start + k / rate. */
export async function driveShare(task: WorkerTask): Promise<LoadResult> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const times: number[][] = task.calls.map(() => []);
  let errors = 0;
  let firstError = '';
  const interval = 1000 / task.ratePerSecond;
  const start = performance.now() + 50;
  const total = Math.floor(task.seconds * task.ratePerSecond);
  const pending: Array<Promise<void>> = [];
  for (let k = task.worker; k < total; k += task.workers) {
    const due = start + k * interval;
    const wait = due - performance.now();
    // Timers fire up to ~1 ms late; that lateness is counted (from `due`), for every class alike.
    if (wait > 0) await sleep(wait);
    const index = k % task.calls.length;
    pending.push(
      send(agent, task, task.calls[index]!).then(
        () => void times[index]!.push(performance.now() - due),
        (error: Error) => {
          times[index]!.push(performance.now() - due);
          errors += 1;
          firstError ||= error.message;
        },
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  loop.disable();
  return { times, errors, firstError, generatorDelayP99: loop.percentile(99) / 1e6 };
}

/** Runs `task` from `workers` threads and merges what they measured. */
export async function driveOpenLoop(task: LoadTask, workers: number): Promise<LoadResult> {
  const self = import.meta.url;
  const results = await Promise.all(
    Array.from({ length: workers }, (_, worker) => {
      // Node 20 does not apply `--import tsx` to a worker's entry: the worker loads its module through tsx's API.
      const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
        .then(({ tsImport }) => tsImport(${JSON.stringify(self)}, ${JSON.stringify(self)}))
        .then(async ({ driveShare }) => require('node:worker_threads').parentPort.postMessage(await driveShare(require('node:worker_threads').workerData)))`;
      return new Promise<LoadResult>((resolve, reject) => {
        const thread = new Worker(entry, { eval: true, workerData: { ...task, worker, workers } satisfies WorkerTask });
        thread.once('message', resolve);
        thread.once('error', reject);
      });
    }),
  );
  return {
    times: task.calls.map((_, index) => results.flatMap((r) => r.times[index] ?? [])),
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstError: results.map((r) => r.firstError).find(Boolean) ?? '',
    generatorDelayP99: Math.max(...results.map((r) => r.generatorDelayP99)),
  };
}
