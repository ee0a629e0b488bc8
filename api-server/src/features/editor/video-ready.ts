/**
 * A manuscript goes out only with video a reader can play: publishing (or scheduling) is refused
 * while a video of the document is still being transcoded by the video service, or after its
 * transcoding failed. The videos are the video piece's own (`video.vid`) and those in the body that a
 * save made mid-transcoding marked with their service id (class `ql-vid-<vid>`, kept by the
 * sanitizer). A draft may still be saved meanwhile; the editor swaps in the transcoded copy when done.
 */
import { ApiCode, type EditorDocument, VideoState } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import type { Tx } from './draft-save';

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

export async function requireVideosReady(tx: Tx, userId: number, doc: EditorDocument): Promise<void> {
  const vids = videoIdsOf(doc);
  if (vids.length === 0) return;
  const jobs = await tx.selectFrom('video_jobs').select('state').where('vid', 'in', vids).where('user_id', '=', userId).execute();
  if (jobs.some((job) => job.state === VideoState.TRANSCODING)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING);
  if (jobs.some((job) => job.state === VideoState.FAILED)) throw new ApiError(ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.FAILED);
}
