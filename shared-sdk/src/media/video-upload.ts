/**
 * Video uploads (contract/uploads/index.ts): the file goes straight to storage with the video service's
 * credentials (resumable multipart, like images), is committed for transcoding, and the state is
 * polled until it leaves 转码中.
 */
import { VIDEO_MESSAGES, type VideoCommitRequest, VideoState, type VideoStatusRequest, type VideoUploadResult } from '../contract';
import { ApiError } from '../http/api-error';
import { callApi } from '../http/call';
import { uploads } from '../contract/calls';
import { type UploadOptions, prepareUpload, uploadToStorage } from '../upload/upload-to-storage';

export const VOD_COMMIT_PATH = uploads.videoCommit.url;
export const VOD_STATUS_PATH = uploads.videoStatus.url;

/** docs/product.md §5: the file type must start with video/. */
export function isVideoFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('video/');
}

/** Starts what a video upload waits for that does not depend on the file (ali-oss's chunk) before the file is chosen. */
export function prepareVideoUpload(): void {
  prepareUpload();
}

export async function uploadVideo(file: File, onProgress?: (percent: number) => void, options: UploadOptions = {}): Promise<VideoUploadResult> {
  if (!isVideoFile(file)) throw new ApiError({ kind: 'business', message: VIDEO_MESSAGES.NOT_VIDEO });
  const { key } = await uploadToStorage(file, 'video', onProgress, { ...options, tokenRoute: uploads.videoUploadToken });
  const request: VideoCommitRequest = { key };
  return callApi(uploads.videoCommit, request, { skipErrorHandler: true });
}

export function videoStatus(vid: string, signal?: AbortSignal): Promise<VideoUploadResult> {
  const request: VideoStatusRequest = { vid };
  return callApi(uploads.videoStatus, request, { skipErrorHandler: true, signal });
}

/** How often the state is asked for: often enough for the percent to move (the worker writes it once a second at most). */
export const TRANSCODING_POLL_MS = 1500;

/** Polls until transcoding ends (done or failed); `onUpdate` sees every answer. */
export async function waitForTranscoding(
  vid: string,
  onUpdate?: (result: VideoUploadResult) => void,
  options: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<VideoUploadResult> {
  for (;;) {
    const result = await videoStatus(vid, options.signal);
    onUpdate?.(result);
    if (result.state !== VideoState.TRANSCODING) return result;
    await delay(options.intervalMs ?? TRANSCODING_POLL_MS, options.signal);
  }
}

/** Waits `ms`, or rejects (a canceled ApiError) as soon as `signal` aborts; leaves no listener behind. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const canceled = () => new ApiError({ kind: 'canceled', message: '已取消' });
    if (signal?.aborted) return reject(canceled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(canceled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
