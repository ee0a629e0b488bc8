/**
 * The embedded video service's worker: takes one job at a time (transcoding is CPU-bound), copies the
 * source to a temp file, lets ffmpeg turn it into an MP4 and a poster beside it, streams both into
 * storage and records the outcome. Any server, and any number of worker processes (worker-main.ts),
 * may run one; the lease in the database keeps two from taking the same job.
 *
 * Nothing is left behind: a job's files (the source's copy, ffmpeg's partial or finished outputs)
 * live in a folder of its own, `<tmpdir>/creator-transcode/<pid>-<random>`, removed when the job
 * ends however it ends (done, failed, timed out, stopped). A worker process that dies mid-job cannot
 * remove its folder; the next worker start and the next job run on the machine remove every folder
 * whose process is gone. A job that fails for good also removes what it stored of its outputs.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
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
  /** Where jobs' folders are made (workFolder()). */
  workDir?: string;
  /** Each ffmpeg run of a job is killed after this long (TRANSCODE_TIMEOUT_MS). */
  transcodeTimeoutMs?: number;
}

/** The folder every worker on this machine makes its jobs' folders in (TMPDIR decides where). */
export function workFolder(): string {
  return path.join(tmpdir(), 'creator-transcode');
}

/** A job's folder is named after its process: `<pid>-<random>`. */
const JOB_FOLDER = /^(\d+)-[A-Za-z0-9]+$/;
/** This process's jobs in hand: their folders are never leftovers. */
const inHand = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of jobs whose process is gone (a worker killed mid-job) and this process's own
 * that no job holds; a live worker's folder is left alone. Returns the names removed.
 */
export async function removeLeftovers(dir: string = workFolder(), alive: (pid: number) => boolean = processAlive): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = JOB_FOLDER.exec(name);
    if (!match) continue;
    const folder = path.join(dir, name);
    const pid = Number(match[1]);
    const gone = pid === process.pid ? !inHand.has(folder) : !alive(pid);
    if (!gone) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function sweepLeftovers(deps: WorkerDeps): Promise<void> {
  try {
    const removed = await removeLeftovers(deps.workDir ?? workFolder());
    if (removed.length) deps.log?.info?.({ folders: removed }, 'removed the files of transcoding jobs whose worker died');
  } catch (error) {
    deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not remove transcoding leftovers');
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/**
 * Where a job's outputs are stored: the same keys on every try (by the day the job was created), so a
 * retry after a worker died reuses what it stored, and a job that fails for good knows what to remove.
 */
export function outputKeysOf(job: Pick<VideoJobRow, 'vid' | 'user_id' | 'created_at'>): { outputKey: string; posterKey: string } {
  const day = dateFolder(new Date(job.created_at));
  const scope = `u${job.user_id}`;
  return { outputKey: `video/${day}/${scope}/${job.vid}.mp4`, posterKey: `image/${day}/${scope}/${job.vid}.jpg` };
}

async function failJob(deps: WorkerDeps, job: VideoJobRow, error: string, now: Date): Promise<void> {
  const { outputKey, posterKey } = outputKeysOf(job);
  // An earlier try may have stored one output before it died: a failed job keeps nothing.
  await Promise.all([deps.storage.delete(outputKey), deps.storage.delete(posterKey)]).catch((err: unknown) =>
    deps.log?.warn({ vid: job.vid, err: err instanceof Error ? err.message : String(err) }, "could not remove a failed job's outputs"),
  );
  await finishJob(deps.db, job.vid, { error }, now);
}

async function runJob(deps: WorkerDeps, job: VideoJobRow): Promise<void> {
  const root = deps.workDir ?? workFolder();
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, `${process.pid}-`));
  inHand.add(dir);
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
    const result = await (deps.transcode ?? transcode)({
      input,
      container,
      dir,
      onProgress: progress.report,
      signal: deps.signal,
      timeoutMs: deps.transcodeTimeoutMs,
    });
    await progress.flush();
    const { outputKey, posterKey } = outputKeysOf(job);
    await putFileOnce(deps.storage, outputKey, result.mp4, 'video/mp4');
    await putFileOnce(deps.storage, posterKey, result.poster, 'image/jpeg');
    await finishJob(deps.db, job.vid, { outputKey, posterKey }, clock());
  } finally {
    clearInterval(heartbeat);
    await progress.flush();
    await rm(dir, { recursive: true, force: true });
    inHand.delete(dir);
  }
}

/** Runs the next waiting job, if any; true when one was taken. */
export async function processNextJob(deps: WorkerDeps): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  const job = await claimJob(deps.db, now);
  if (!job) return false;
  // Whatever a worker that died left on this machine goes before this job makes more.
  await sweepLeftovers(deps);
  if (job.attempts > MAX_ATTEMPTS) {
    await failJob(deps, job, `gave up after ${MAX_ATTEMPTS} attempts`, now);
    return true;
  }
  deps.log?.info?.({ vid: job.vid, attempt: job.attempts }, 'video transcoding started');
  try {
    await runJob(deps, job);
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
    await failJob(deps, job, message, now);
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
  // A worker that died here before left its jobs' files: gone before the first job.
  const swept = sweepLeftovers(deps);
  const drain = async () => {
    await swept;
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
