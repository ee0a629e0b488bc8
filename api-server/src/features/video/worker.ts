/**
 * The embedded video service's worker: takes one job at a time (transcoding is CPU-bound), copies the
 * source to a temp file, lets ffmpeg turn it into an MP4 and a poster beside it, streams both into
 * storage and records the outcome. Any server, and any number of worker processes (worker-main.ts),
 * may run one; the lease in the database keeps two from taking the same job.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VideoJobRow } from '../../db/schema-video';
import type { ObjectStore } from '../../storage/object-store';
import { sniffContainer } from './container';
import { copyObjectToFile, fileHead, putFileOnce } from './files';
import { LEASE_MS, MAX_ATTEMPTS, claimJob, finishJob, recordProgress, releaseJob, renewLease } from './jobs';
import { throttledProgress } from './progress';
import { transcode } from './transcode';

export interface WorkerDeps {
  db: Kysely<Database>;
  storage: ObjectStore;
  now?: () => Date;
  transcode?: typeof transcode;
  log?: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
  /** At most one progress write per job this often (1,000 ms). */
  progressIntervalMs?: number;
  /** Stops the job in hand: it is handed back (releaseJob), not failed. */
  signal?: AbortSignal;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

async function runJob(deps: WorkerDeps, job: VideoJobRow, now: Date): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'transcode-'));
  const progress = throttledProgress((percent) => recordProgress(deps.db, job.vid, percent), deps.progressIntervalMs ?? 1000);
  const clock = deps.now ?? (() => new Date());
  // Keeps the lease while a long video transcodes.
  const heartbeat = setInterval(() => void renewLease(deps.db, job.vid, clock()).catch(() => undefined), LEASE_MS / 3);
  heartbeat.unref();
  try {
    const input = path.join(dir, 'input');
    if (!(await copyObjectToFile(deps.storage, job.source_key, input, deps.signal))) throw new Error('source missing');
    const container = sniffContainer(await fileHead(input, 16));
    if (!container) throw new Error('source is not a supported container');
    const result = await (deps.transcode ?? transcode)({ input, container, dir, onProgress: progress.report, signal: deps.signal });
    await progress.flush();
    const scope = `u${job.user_id}`;
    const outputKey = `video/${dateFolder(now)}/${scope}/${job.vid}.mp4`;
    const posterKey = `image/${dateFolder(now)}/${scope}/${job.vid}.jpg`;
    await putFileOnce(deps.storage, outputKey, result.mp4, 'video/mp4');
    await putFileOnce(deps.storage, posterKey, result.poster, 'image/jpeg');
    await finishJob(deps.db, job.vid, { outputKey, posterKey }, clock());
  } finally {
    clearInterval(heartbeat);
    await progress.flush();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs the next waiting job, if any; true when one was taken. */
export async function processNextJob(deps: WorkerDeps): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  const job = await claimJob(deps.db, now);
  if (!job) return false;
  if (job.attempts > MAX_ATTEMPTS) {
    await finishJob(deps.db, job.vid, { error: `gave up after ${MAX_ATTEMPTS} attempts` }, now);
    return true;
  }
  deps.log?.info?.({ vid: job.vid, attempt: job.attempts }, 'video transcoding started');
  try {
    await runJob(deps, job, now);
    deps.log?.info?.({ vid: job.vid }, 'video transcoding done');
  } catch (error) {
    if (deps.signal?.aborted) {
      // Stopping, not failing: another worker (or this one, restarted) takes it from the start.
      await releaseJob(deps.db, job.vid, (deps.now ?? (() => new Date()))());
      deps.log?.info?.({ vid: job.vid }, 'video job handed back');
      return true;
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.warn({ vid: job.vid, err: message }, 'video transcoding failed');
    await finishJob(deps.db, job.vid, { error: message }, now);
  }
  return true;
}

export interface RunningWorker {
  /**
   * Takes no further job; the job in hand is finished (`release: false`) or stopped at once and
   * handed back (`release: true`, the default). Resolves once the worker is idle.
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

/** Polls every `intervalMs` and drains the queue, one job at a time. */
export function startWorker(deps: WorkerDeps, intervalMs: number): RunningWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  const abort = new AbortController();
  const jobDeps: WorkerDeps = { ...deps, signal: abort.signal };
  const drain = async () => {
    try {
      while (!stopped && (await processNextJob(jobDeps))) {
        // next job
      }
    } catch (error) {
      deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'video worker tick failed');
    }
  };
  const tick = () => {
    // One drain at a time: a tick during a long transcode does nothing.
    running ??= drain().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop({ release = true } = {}) {
      stopped = true;
      clearInterval(timer);
      if (release) abort.abort();
      await running;
    },
  };
}
