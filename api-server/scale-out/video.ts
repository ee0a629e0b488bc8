/** The video side of the scale-out test: a source to transcode, and the worker process to run it. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../src/features/video/transcode';
import { API_ROOT, type Proc, startServerScript } from './cluster';

/** Two seconds of test pattern and a tone in Matroska (MPEG-4 Part 2 + MP2): nothing a browser plays as is. */
export async function makeSourceVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-out-video-'));
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpegPath(),
        ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050', '-t', '2', '-c:v', 'mpeg4', '-c:a', 'mp2', '-f', 'matroska', 'src.mkv'],
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
 * The transcoding worker: the API server's `worker` script (its own process type) when the package
 * has one, else a server process that transcodes and is left out of nginx's upstream. `port` is
 * where its /readyz answers.
 */
export function workerCommand(env: Record<string, string>, port: number): Proc {
  const scripts = (JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const entry = scripts.worker?.match(/^tsx (\S+\.ts)$/)?.[1] ?? 'src/main.ts';
  return startServerScript('worker', entry, { ...env, PORT: String(port), VIDEO_WORKER_INTERVAL_MS: '300' }, port);
}
