/** The video side of the scale-out test: the worker process that transcodes (the source comes from src/testing/source-video.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT, type Proc, startServerScript } from './cluster';

/**
 * The transcoding worker as its own process type (the API server's `worker` script, `npm run worker`):
 * no HTTP, it reads jobs from the database and writes to the shared storage.
 */
export function startWorker(env: Record<string, string>): Proc {
  const scripts = (JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const entry = scripts.worker?.match(/ node --enable-source-maps (dist\/\S+\.js)$/)?.[1];
  if (!entry) throw new Error('the API server has no `worker` script (… node --enable-source-maps dist/<entry>.js)');
  return startServerScript('worker', entry, { ...env, VIDEO_WORKER_INTERVAL_MS: '300' });
}

/** Until the worker says it is ready; fails at once, with its output, if it exits. */
export async function workerReady(worker: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (worker.child.exitCode !== null) throw new Error(`the worker exited with ${worker.child.exitCode}:\n${worker.output()}`);
    if (worker.logs().some((entry) => entry.msg === 'video worker ready')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the worker was not ready after ${timeoutMs} ms:\n${worker.output()}`);
}
