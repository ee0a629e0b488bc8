/** The video side of the scale-out test: a source to transcode, and the worker process to run it. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../src/features/video/ffmpeg';
import { API_ROOT, type Proc, startServerScript } from './cluster';

/** Two seconds of test pattern and a tone in Matroska (MPEG-4 Part 2 + MP2): nothing a browser plays as is. */
export async function makeSourceVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-out-video-'));
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpegPath(),
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=160x120:rate=10',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:sample_rate=22050',
          '-t',
          '2',
          '-c:v',
          'mpeg4',
          '-c:a',
          'mp2',
          '-f',
          'matroska',
          'src.mkv',
        ],
        { cwd: dir },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(path.join(dir, 'src.mkv'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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
