/**
 * A manuscript goes out only with video this server knows and a reader can play. On publishing (or
 * scheduling), every address of the document in our storage's video folder — whatever element or
 * field names it (document-addresses.ts: the video piece, `<video>`, `<source>`, `<audio>`, a poster,
 * a link) — must be a video the author committed (`/api/upload/vod/commit`) and the video service
 * transcoded: the job's output, or the source of a job that is done. A video material the author may
 * write with (their own, or an approved public one) is known too. Refused otherwise: still
 * transcoding or failed (whoever uploaded it), never committed, or someone else's. The ids the editor
 * sends (`video.vid`, and class `ql-vid-<vid>` on a body video saved mid-transcoding) are looked up
 * among the author's own jobs as well. A draft may still be saved meanwhile; the editor swaps in the
 * transcoded copy when done.
 */
import { ApiCode, type EditorDocument, MaterialAuditStatus, MaterialType, VideoState } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { parseUploadKey } from '../upload/keys';
import type { Tx } from './draft-save';

export const VIDEO_NOT_READY = {
  TRANSCODING: '视频正在转码，请转码完成后再发布',
  FAILED: '视频转码失败，请重新上传后再发布',
  NOT_COMMITTED: '视频未上传完成，请重新上传后再发布',
  NOT_YOURS: '只能发布自己上传的视频',
  TOO_MANY: '稿件中的视频过多',
} as const;

const VID_CLASS = /\bql-vid-([0-9a-f]{32})\b/g;
/** More videos than a manuscript can reasonably hold are not looked up. */
const MAX_VIDS = 100;
/** Distinct videos of our storage a manuscript may show; every one is checked, so more are refused. */
export const MAX_VIDEO_KEYS = 100;

export function videoIdsOf(doc: EditorDocument): string[] {
  const vids = new Set<string>();
  if (doc.video.vid) vids.add(doc.video.vid);
  for (const match of doc.content.matchAll(VID_CLASS)) vids.add(match[1] ?? '');
  vids.delete('');
  return [...vids].slice(0, MAX_VIDS);
}

/** The keys in our storage's video folder, with the job id an output key is named by (`<vid>.mp4`). */
function videoKeysOf(keys: readonly string[]): { key: string; name: string }[] {
  return keys.filter((key) => parseUploadKey(key)?.kind === 'video').map((key) => ({ key, name: key.slice(key.lastIndexOf('/') + 1).split('.')[0] ?? '' }));
}

export async function requireVideosReady(tx: Tx, userId: number, doc: EditorDocument, keys: readonly string[]): Promise<void> {
  await requireKnownVideos(tx, userId, videoIdsOf(doc), keys);
}

/**
 * The check itself, for any content that shows video: `vids` are job ids the content names, `keys`
 * the keys of our storage it names (only those in the video folder are judged here).
 */
export async function requireKnownVideos(tx: Tx, userId: number, vids: readonly string[], keys: readonly string[]): Promise<void> {
  const videos = videoKeysOf(keys);
  if (videos.length > MAX_VIDEO_KEYS) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TOO_MANY);
  if (vids.length === 0 && videos.length === 0) return;
  const sources = videos.map((video) => video.key);
  const names = videos.map((video) => video.name);
  const jobs = await tx
    .selectFrom('video_jobs')
    .select(['vid', 'user_id', 'state', 'source_key', 'output_key'])
    .where((eb) => {
      const found = [];
      if (vids.length > 0) found.push(eb.and([eb('vid', 'in', vids), eb('user_id', '=', userId)]));
      if (videos.length > 0) found.push(eb('source_key', 'in', sources), eb('vid', 'in', names));
      return eb.or(found);
    })
    .execute();
  // Only jobs the document names count: by the author's id, by source, or by output.
  const named = jobs.filter(
    (job) => (vids.includes(job.vid) && job.user_id === userId) || sources.includes(job.source_key) || sources.includes(job.output_key),
  );
  if (named.some((job) => job.state === VideoState.TRANSCODING)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING);
  if (named.some((job) => job.state === VideoState.FAILED)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.FAILED);
  const known = new Set(named.filter((job) => job.user_id === userId && job.state === VideoState.DONE).flatMap((job) => [job.source_key, job.output_key]));
  const unknown = sources.filter((key) => !known.has(key));
  if (unknown.length === 0) return;
  const materials = await tx
    .selectFrom('materials')
    .select('object_key')
    .where('object_key', 'in', unknown)
    .where('cm_type', '=', MaterialType.VIDEO)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('cm_check', '=', MaterialAuditStatus.APPROVED)]))
    .execute();
  const usable = new Set(materials.map((material) => material.object_key));
  const refused = unknown.filter((key) => !usable.has(key));
  if (refused.length === 0) return;
  const othersJob = named.some((job) => refused.includes(job.source_key) || refused.includes(job.output_key));
  throw new ApiError(ApiCode.INVALID_PARAMS, othersJob ? VIDEO_NOT_READY.NOT_YOURS : VIDEO_NOT_READY.NOT_COMMITTED);
}
