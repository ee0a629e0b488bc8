/**
 * The cheap call, timed while something else runs: GET /api/runtime/config (public, no database),
 * one at a time, one every INTERVAL_MS at most, from a worker thread, so the upload client in the
 * bench's main thread cannot delay the timing. A call with no answer within its timeout counts as
 * taking the timeout.
 */
import { Worker } from 'node:worker_threads';

const INTERVAL_MS = 50;

// Plain JavaScript, evaluated in the worker: Node 20 applies no loader to a worker's entry.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let timeouts = 0;
let stopping = false;
parentPort.on('message', () => { stopping = true; });
const once = () => new Promise((resolve) => {
  const began = performance.now();
  const request = http.get(workerData.url, { agent, timeout: workerData.timeoutMs }, (response) => {
    response.resume();
    response.on('end', () => resolve(performance.now() - began));
  });
  request.on('timeout', () => { timeouts += 1; request.destroy(); resolve(workerData.timeoutMs); });
  request.on('error', () => resolve(performance.now() - began));
});
(async () => {
  while (!stopping) {
    const began = performance.now();
    times.push(await once());
    const rest = workerData.intervalMs - (performance.now() - began);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  }
  agent.destroy();
  parentPort.postMessage({ times, timeouts });
})();
`;

export interface ProbeFigures {
  /** Each call's time, ms, in order. */
  times: number[];
  count: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Starts timing the cheap call; stop() ends it and gives the figures. */
export function probeCheapCall(baseUrl: string, timeoutMs = 5000): { stop(): Promise<ProbeFigures> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url: `${baseUrl}/api/runtime/config`, timeoutMs, intervalMs: INTERVAL_MS } });
  const result = new Promise<{ times: number[]; timeouts: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const { times, timeouts } = await result;
      await worker.terminate();
      return figuresOf(times, timeouts);
    },
  };
}

function figuresOf(times: number[], timeouts: number): ProbeFigures {
  return { times, count: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(0, ...times), timeouts };
}

/**
 * The calls of several windows as one sample. A p99 over one 1 GB upload's ~70 calls is its worst
 * call; over three uploads it is a percentile again, comparable with the idle window's 400 calls.
 */
export function pooled(windows: readonly ProbeFigures[]): ProbeFigures {
  return figuresOf(
    windows.flatMap((w) => w.times),
    windows.reduce((sum, w) => sum + w.timeouts, 0),
  );
}
