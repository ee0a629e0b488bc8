/**
 * The embedded video service's worker: takes one job at a time (transcoding is CPU-bound), writes
 * the MP4 and the poster to storage, and records the outcome. Any server may run one; the lease in
 * the database keeps two from taking the same job.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VideoJobRow } from '../../db/schema-video';
import { type ObjectStore, readObject } from '../../storage/object-store';
import { sniffContainer } from './container';
import { MAX_ATTEMPTS, MAX_SOURCE_BYTES, claimJob, finishJob } from './jobs';
import { type Transcoded, transcode } from './transcode';

export interface WorkerDeps {
  db: Kysely<Database>;
  storage: ObjectStore;
  now?: () => Date;
  transcode?: typeof transcode;
  log?: { warn: (obj: object, msg: string) => void };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

async function putOnce(storage: ObjectStore, key: string, body: Buffer, type: string): Promise<void> {
  // A retried job may have stored this already (keys are write-once).
  if (!(await storage.head(key))) await storage.put(key, body, type);
}

async function runJob(deps: WorkerDeps, job: VideoJobRow, now: Date): Promise<void> {
  const source = await readObject(deps.storage, job.source_key, MAX_SOURCE_BYTES);
  const container = source && sniffContainer(source.subarray(0, 16));
  if (!source || !container) throw new Error('source missing or not a supported container');
  const result: Transcoded = await (deps.transcode ?? transcode)(source, container);
  const scope = `u${job.user_id}`;
  const outputKey = `video/${dateFolder(now)}/${scope}/${job.vid}.mp4`;
  const posterKey = `image/${dateFolder(now)}/${scope}/${job.vid}.jpg`;
  await putOnce(deps.storage, outputKey, result.mp4, 'video/mp4');
  await putOnce(deps.storage, posterKey, result.poster, 'image/jpeg');
  await finishJob(deps.db, job.vid, { outputKey, posterKey }, (deps.now ?? (() => new Date()))());
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
  try {
    await runJob(deps, job, now);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.warn({ vid: job.vid, err: message }, 'video transcoding failed');
    await finishJob(deps.db, job.vid, { error: message }, now);
  }
  return true;
}

/** Polls every `intervalMs` and drains the queue; `stop()` waits for the job in hand. */
export function startWorker(deps: WorkerDeps, intervalMs: number): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  const drain = async () => {
    try {
      while (!stopped && (await processNextJob(deps))) {
        // next job
      }
    } catch (error) {
      deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'video worker tick failed');
    }
  };
  const timer = setInterval(() => {
    // One drain at a time: a tick during a long transcode does nothing.
    running ??= drain().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
