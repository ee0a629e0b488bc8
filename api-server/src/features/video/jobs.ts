/** The transcoding jobs in the database: create on commit, claim by lease, finish, answer the state. */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { ApiCode, VIDEO_MESSAGES, VIDEO_STATE_TEXT, VideoState, type VideoUploadResult } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { VideoJobRow } from '../../db/schema-video';
import { ApiError } from '../../lib/api-error';
import type { ObjectStore } from '../../storage/object-store';
import { parseUploadKey } from '../upload/keys';
import { scopeFor } from '../upload/credentials';
import { acceptUpload, forgetGrants } from '../upload/grants';
import { sniffContainer } from './container';

/** A worker holds a job this long; one that dies lets it run out and the job is taken again. */
export const LEASE_MS = 15 * 60_000;
/** After this many tries a job is failed for good. */
export const MAX_ATTEMPTS = 3;
export const MAX_SOURCE_BYTES = 2 * 1024 ** 3;

export function answerOf(storage: ObjectStore, job: VideoJobRow): VideoUploadResult {
  const state = job.state as VideoState;
  return {
    Vid: job.vid,
    url: storage.publicUrl(job.source_key),
    PosterUri: job.poster_key ? storage.publicUrl(job.poster_key) : '',
    videoUri: job.output_key ? storage.publicUrl(job.output_key) : '',
    state,
    state_text: VIDEO_STATE_TEXT[state],
    error: state === VideoState.FAILED ? VIDEO_MESSAGES.FAILED : '',
    progress: state === VideoState.DONE ? 100 : job.progress,
  };
}

/** Takes an uploaded video of the user's own into the service; committing the same object twice answers the same job. */
export async function commitVideo(db: Kysely<Database>, storage: ObjectStore, userId: number, key: string): Promise<VideoJobRow> {
  const parsed = parseUploadKey(key);
  if (!parsed || parsed.kind !== 'video') throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_MESSAGES.NOT_VIDEO);
  if (parsed.scope !== scopeFor(userId)) throw new ApiError(ApiCode.FORBIDDEN, VIDEO_MESSAGES.NOT_YOURS);
  const existing = await db.selectFrom('video_jobs').selectAll().where('source_key', '=', key).executeTakeFirst();
  if (existing) {
    if (existing.user_id !== userId) throw new ApiError(ApiCode.FORBIDDEN, VIDEO_MESSAGES.NOT_YOURS);
    return existing;
  }
  const info = await storage.head(key);
  if (!info) throw new ApiError(ApiCode.NOT_FOUND, VIDEO_MESSAGES.NOT_UPLOADED);
  if (info.size > MAX_SOURCE_BYTES) {
    // Beyond what any upload may hold: never kept (a bucket does not bound what the browser sends).
    await storage.delete(key);
    await forgetGrants(db, [key]);
    throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_MESSAGES.TOO_LARGE);
  }
  // Larger than the size the browser declared for its credentials: removed and refused.
  await acceptUpload({ db, storage }, key, info);
  // The container is told by its first bytes: a 2 GB video is not read to check 16 of them.
  const head = await storage.readHead(key, 16);
  if (!head || !sniffContainer(head)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_MESSAGES.NOT_VIDEO);
  await db
    .insertInto('video_jobs')
    .values({ vid: randomBytes(16).toString('hex'), user_id: userId, source_key: key })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .execute();
  return db.selectFrom('video_jobs').selectAll().where('source_key', '=', key).executeTakeFirstOrThrow();
}

export async function jobOf(db: Kysely<Database>, userId: number, vid: string): Promise<VideoJobRow> {
  const job = await db.selectFrom('video_jobs').selectAll().where('vid', '=', vid).executeTakeFirst();
  // Someone else's Vid is as unknown as a made-up one: ids must not be probeable.
  if (!job || job.user_id !== userId) throw new ApiError(ApiCode.NOT_FOUND, VIDEO_MESSAGES.UNKNOWN_VID);
  return job;
}

/** The oldest waiting job whose lease is free, now held by the caller until now + LEASE_MS. */
export async function claimJob(db: Kysely<Database>, now: Date): Promise<VideoJobRow | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const result = await sql<VideoJobRow>`
    update video_jobs set lease_until = ${until}, attempts = attempts + 1, updated_at = ${now}
    where vid = (
      select vid from video_jobs
      where state = 0 and (lease_until is null or lease_until < ${now})
      order by created_at limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return result.rows[0] ?? null;
}

export async function finishJob(
  db: Kysely<Database>,
  vid: string,
  outcome: { outputKey: string; posterKey: string } | { error: string },
  now: Date,
): Promise<void> {
  const values =
    'error' in outcome
      ? { state: VideoState.FAILED, error: outcome.error.slice(0, 2000) }
      : { state: VideoState.DONE, output_key: outcome.outputKey, poster_key: outcome.posterKey, progress: 100 };
  await db
    .updateTable('video_jobs')
    .set({ ...values, lease_until: null, updated_at: now })
    .where('vid', '=', vid)
    .execute();
}

/** How far the worker holding the job has got (whole percent, below 100 until finished). */
export async function recordProgress(db: Kysely<Database>, vid: string, percent: number): Promise<void> {
  await db.updateTable('video_jobs').set({ progress: percent }).where('vid', '=', vid).where('state', '=', VideoState.TRANSCODING).execute();
}

/** The worker still holds the job: a run longer than LEASE_MS keeps its lease. */
export async function renewLease(db: Kysely<Database>, vid: string, now: Date): Promise<void> {
  await db
    .updateTable('video_jobs')
    .set({ lease_until: new Date(now.getTime() + LEASE_MS) })
    .where('vid', '=', vid)
    .where('state', '=', VideoState.TRANSCODING)
    .execute();
}

/**
 * Hands a job back untouched by a worker that is stopping (SIGTERM): free to be taken at once, and
 * the try it was on does not count.
 */
export async function releaseJob(db: Kysely<Database>, vid: string, now: Date): Promise<void> {
  await db
    .updateTable('video_jobs')
    .set({ lease_until: null, progress: 0, attempts: sql`greatest(attempts - 1, 0)`, updated_at: now })
    .where('vid', '=', vid)
    .where('state', '=', VideoState.TRANSCODING)
    .execute();
}
