/**
 * uploadImage(file, kind, onProgress): an image straight to storage (uploadToStorage), then
 * `POST /api/upload/tos/cleanImage`, which decodes and encodes it again without its metadata (a
 * photo's location above all) and answers the clean copy. The clean copy is what every screen shows
 * and saves: the server accepts no other image. Same signature and answer as uploadToStorage, so a
 * screen swaps one for the other.
 */
import type { CleanImage, CleanImageRequest } from '../contract';
import { uploads } from '../contract/calls';
import { callApi } from '../http/call';
import type { UploadKind } from './file-rules';
import { type UploadOptions, type UploadResult, uploadToStorage } from './upload-to-storage';

export const CLEAN_IMAGE_PATH = uploads.cleanImage.url;

/** The clean copy of an image uploaded to `url`; the server's refusal (its message) as an ApiError. */
export function cleanUploadedImage(url: string): Promise<CleanImage> {
  const request: CleanImageRequest = { url };
  return callApi(uploads.cleanImage, request, { skipErrorHandler: true });
}

export async function uploadImage(
  file: File,
  kind: Extract<UploadKind, 'image'>,
  onProgress?: (percent: number) => void,
  options?: UploadOptions,
): Promise<UploadResult> {
  const uploaded = await uploadToStorage(file, kind, onProgress, options);
  const clean = await cleanUploadedImage(uploaded.url);
  return { url: clean.url, key: clean.key };
}
