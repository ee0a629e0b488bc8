/**
 * Video uploads (docs/product.md §3 "Upload result", §7 `/api/upload/vod/token`): the browser uploads the file
 * straight to storage under `video/<yyyymmdd>/u<uid>/<hash>.<ext>`, then asks the video service to
 * take it (`POST /api/upload/vod/commit`), which transcodes it to H.264/AAC MP4 and grabs a poster
 * frame. The editor polls `GET /api/upload/vod/status` until the state leaves 转码中.
 */
import type { RequestOf } from '../core/route';
import type * as uploads from './schemas';
import type { VideoState } from './values';

export * from './values';
export * from './storage-refusals';

export const VIDEO_STATE_TEXT: Readonly<Record<VideoState, string>> = {
  0: '转码中',
  1: '转码完成',
  2: '转码失败',
};

/** docs/product.md §3's upload result of a video (`/api/upload/vod/commit` and `/status`). */
export type VideoUploadResult = uploads.VideoUploadResult;
export type VideoCommitRequest = RequestOf<typeof uploads.videoCommit>;
export type VideoStatusRequest = RequestOf<typeof uploads.videoStatus>;

export const VIDEO_MESSAGES = {
  /** docs/product.md §5: the file type must start with video/. */
  NOT_VIDEO: '请上传格式合规的视频',
  NOT_YOURS: '只能提交自己上传的视频',
  NOT_UPLOADED: '视频尚未上传完成',
  TOO_LARGE: '视频过大，最大支持 2 GB',
  UNKNOWN_VID: '视频不存在',
  FAILED: '视频转码失败，请换一个文件重新上传',
} as const;

/** Containers the video service takes, by extension (the server checks the bytes again). */
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'mkv'] as const;

// --- upload credentials and image services -------------------------------------------------
export type TosToken = uploads.TosToken;
export type VodToken = uploads.VodToken;
export type TransImageRequest = RequestOf<typeof uploads.transImage>;
export type CleanImageRequest = RequestOf<typeof uploads.cleanImage>;
export type CleanImage = uploads.CleanImage;
