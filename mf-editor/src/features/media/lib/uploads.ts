/**
 * The calls behind the editor's uploads (spec §7): pictures and audio straight to storage with the
 * `/api/upload/tos/token` credentials, video through `/api/upload/vod/token` and the video service,
 * whose transcoding state is polled. Screens take the real ones; tests hand in their own.
 */
import { uploadToStorage, uploadVideo, waitForTranscoding, type VideoUploadResult } from 'shared-sdk';

export interface MediaUploads {
  uploadFile(file: File, kind: 'image' | 'audio', onProgress: (percent: number) => void): Promise<{ url: string }>;
  uploadVideo(file: File, onProgress: (percent: number) => void): Promise<VideoUploadResult>;
  /** Resolves once transcoding has ended (done or failed). */
  waitForTranscoding(vid: string, signal: AbortSignal): Promise<VideoUploadResult>;
}

/** Parts of 256 KB: a picture's placeholder moves on every 256 KB stored (OSS takes parts from 100 KB). */
const EDITOR_PART_SIZE = 256 * 1024;

export const storageUploads: MediaUploads = {
  uploadFile: (file, kind, onProgress) => uploadToStorage(file, kind, onProgress, { partSize: EDITOR_PART_SIZE }),
  uploadVideo: (file, onProgress) => uploadVideo(file, onProgress),
  waitForTranscoding: (vid, signal) => waitForTranscoding(vid, undefined, { signal }),
};

/** Why an upload failed, in words the creator can act on. */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  // ali-oss and the network speak English; the server's refusals are already Chinese.
  return /[\u4e00-\u9fff]/.test(message) ? message : '网络错误，请检查网络后重试';
}
