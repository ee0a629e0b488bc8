/**
 * A manuscript goes out only with video a reader can play: publishing (or scheduling) is refused
 * while a video of the document is still being transcoded by the video service, or after its
 * transcoding failed. The server finds those videos itself, by address: every video the document
 * shows (the video piece's `video.url`, the body's `<video>` and `<source>` addresses) that is the
 * uploaded source of a transcoding job, whoever uploaded it. The ids the editor sends (`video.vid`,
 * and class `ql-vid-<vid>` on a body video saved mid-transcoding) are looked up too, among the
 * author's own jobs; a client that leaves them out changes nothing. A draft may still be saved
 * meanwhile; the editor swaps in the transcoded copy when done.
 */
import { ApiCode, type EditorDocument, VideoState } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import type { ObjectStore } from '../../storage/object-store';
import type { Tx } from './draft-save';
import { MAX_USAGE_URLS, videoUrlsOf } from './material-usage';

export const VIDEO_NOT_READY = {
  TRANSCODING: '视频正在转码，请转码完成后再发布',
  FAILED: '视频转码失败，请重新上传后再发布',
} as const;

const VID_CLASS = /\bql-vid-([0-9a-f]{32})\b/g;
/** More videos than a manuscript can reasonably hold are not looked up. */
const MAX_VIDS = 100;

export function videoIdsOf(doc: EditorDocument): string[] {
  const vids = new Set<string>();
  if (doc.video.vid) vids.add(doc.video.vid);
  for (const match of doc.content.matchAll(VID_CLASS)) vids.add(match[1] ?? '');
  vids.delete('');
  return [...vids].slice(0, MAX_VIDS);
}

/** The storage keys of the document's videos that are in our storage. */
export function videoKeysOf(storage: Pick<ObjectStore, 'keyOfUrl'>, doc: EditorDocument): string[] {
  const keys = new Set<string>();
  for (const url of videoUrlsOf(doc)) {
    const key = storage.keyOfUrl(url);
    if (key) keys.add(key);
    if (keys.size >= MAX_USAGE_URLS) break;
  }
  return [...keys];
}

export async function requireVideosReady(tx: Tx, storage: Pick<ObjectStore, 'keyOfUrl'>, userId: number, doc: EditorDocument): Promise<void> {
  const vids = videoIdsOf(doc);
  const keys = videoKeysOf(storage, doc);
  if (vids.length === 0 && keys.length === 0) return;
  const jobs = await tx
    .selectFrom('video_jobs')
    .select('state')
    .where((eb) => {
      const found = [];
      if (vids.length > 0) found.push(eb.and([eb('vid', 'in', vids), eb('user_id', '=', userId)]));
      if (keys.length > 0) found.push(eb('source_key', 'in', keys));
      return eb.or(found);
    })
    .execute();
  if (jobs.some((job) => job.state === VideoState.TRANSCODING)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING);
  if (jobs.some((job) => job.state === VideoState.FAILED)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.FAILED);
}
