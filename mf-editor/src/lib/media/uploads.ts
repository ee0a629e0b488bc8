/**
 * The calls behind the editor's uploads (docs/product.md §7): pictures and audio straight to storage with the
 * `/api/upload/tos/token` credentials (a picture then cleaned by the server, whose clean copy is
 * what the body shows: `uploadImage`), video through `/api/upload/vod/token` and the video service,
 * whose transcoding state is polled. Screens take the real ones; tests hand in their own.
 */
import { UPLOAD_KIND_LABEL, type UploadMediaKind } from './upload-art';
import { delay, prepareVideoUpload, uploadImage, uploadToStorage, uploadVideo, VideoState, waitForTranscoding, type VideoUploadResult } from 'shared-sdk';

export interface MediaUploads {
  uploadFile(file: File, kind: 'image' | 'audio', onProgress: (percent: number) => void): Promise<{ url: string }>;
  uploadVideo(file: File, onProgress: (percent: number) => void): Promise<VideoUploadResult>;
  /** Starts what a video upload waits for before its first byte (the storage client, credentials), as the creator reaches for the file. */
  prepareVideo?(): void;
  /** Resolves once transcoding has ended (done or failed); `onUpdate` sees every answer on the way (its progress). */
  waitForTranscoding(vid: string, signal: AbortSignal, onUpdate?: (result: VideoUploadResult) => void): Promise<VideoUploadResult>;
}

/**
 * Pictures and audio (at most 20 MB) in parts of 1 MB, so a placeholder's progress still moves while
 * a picture uploads (a 20 MB one in 5 % steps); 256 KB parts took about 1.6× as long as 1 MB parts
 * in the media bench. Videos use shared-sdk's larger default parts.
 */
const EDITOR_PART_SIZE = 1024 * 1024;

export const storageUploads: MediaUploads = {
  uploadFile: (file, kind, onProgress) =>
    kind === 'image'
      ? uploadImage(file, kind, onProgress, { partSize: EDITOR_PART_SIZE })
      : uploadToStorage(file, kind, onProgress, { partSize: EDITOR_PART_SIZE }),
  uploadVideo: (file, onProgress) => uploadVideo(file, onProgress),
  prepareVideo: prepareVideoUpload,
  waitForTranscoding: (vid, signal, onUpdate) => waitForTranscoding(vid, onUpdate, { signal }),
};

/** How often, and how long apart, a status that could not be read is asked again. */
export const TRANSCODING_RETRIES = 5;
export const TRANSCODING_RETRY_DELAY_MS = 3000;

/**
 * Follows a video's transcoding to its end, for the body's covers and the video piece's field alike:
 * the result once it is done or failed, or null when `signal` stops it or the status could still not
 * be read after TRANSCODING_RETRIES further tries, TRANSCODING_RETRY_DELAY_MS apart (each failure is logged).
 * `onProgress` hears the percent transcoded of every answer while it is 转码中.
 */
export async function followTranscoding(
  uploads: MediaUploads,
  vid: string,
  signal: AbortSignal,
  onProgress?: (percent: number) => void,
): Promise<VideoUploadResult | null> {
  const onUpdate = onProgress && ((result: VideoUploadResult) => result.state === VideoState.TRANSCODING && onProgress(result.progress));
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await uploads.waitForTranscoding(vid, signal, onUpdate);
      if (result.state !== VideoState.TRANSCODING) return result;
    } catch (error) {
      if (signal.aborted) return null;
      console.error('video status', error);
      if (attempt >= TRANSCODING_RETRIES) return null;
      // Cut short by `signal`, which the check below then reports.
      await delay(TRANSCODING_RETRY_DELAY_MS, signal).catch(() => undefined);
    }
    if (signal.aborted) return null;
  }
}

/** Why an upload failed, in words the creator can act on. */
function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  // ali-oss and the network speak English; the server's refusals are already Chinese.
  return /[\u4e00-\u9fff]/.test(message) ? message : '网络错误，请检查网络后重试';
}

/** What the creator is told when an upload fails (docs/product.md §8): 视频上传失败：<why>, and so on. */
export function uploadFailureText(kind: UploadMediaKind, error: unknown): string {
  return `${UPLOAD_KIND_LABEL[kind]}上传失败：${failureText(error)}`;
}
