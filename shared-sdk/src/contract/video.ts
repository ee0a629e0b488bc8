/**
 * Video uploads (spec §3 "Upload result", §7 `/api/upload/vod/token`): the browser uploads the file
 * straight to storage under `video/<yyyymmdd>/u<uid>/<hash>.<ext>`, then asks the video service to
 * take it (`POST /api/upload/vod/commit`), which transcodes it to H.264/AAC MP4 and grabs a poster
 * frame. The editor polls `GET /api/upload/vod/status` until the state leaves 转码中.
 */
export const VideoState = {
  TRANSCODING: 0,
  DONE: 1,
  FAILED: 2,
} as const;
export type VideoState = (typeof VideoState)[keyof typeof VideoState];

export const VIDEO_STATE_TEXT: Readonly<Record<VideoState, string>> = {
  0: '转码中',
  1: '转码完成',
  2: '转码失败',
};

/** Spec §3: url; for video also PosterUri, Vid and videoUri. `url` is the uploaded original. */
export interface VideoUploadResult {
  Vid: string;
  url: string;
  /** The poster frame; '' while transcoding. */
  PosterUri: string;
  /** The transcoded MP4; '' while transcoding. */
  videoUri: string;
  state: VideoState;
  state_text: string;
  /** Why transcoding failed, in Chinese; '' otherwise. */
  error: string;
  /** Whole percent transcoded: 0–99 while 转码中 (as far as the worker has got), 100 once 转码完成. */
  progress: number;
}

export const VIDEO_MESSAGES = {
  /** Spec §5: the file type must start with video/. */
  NOT_VIDEO: '请上传格式合规的视频',
  NOT_YOURS: '只能提交自己上传的视频',
  NOT_UPLOADED: '视频尚未上传完成',
  TOO_LARGE: '视频过大，最大支持 2 GB',
  UNKNOWN_VID: '视频不存在',
  FAILED: '视频转码失败，请换一个文件重新上传',
} as const;

/** Containers the video service takes, by extension (the server checks the bytes again). */
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'mkv'] as const;
