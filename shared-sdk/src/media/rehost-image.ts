/** docs/product.md §7 `POST /api/upload/tos/transImage`: an external image copied onto our storage; resolves to its new URL. */
import type { TransImageRequest } from '../contract';
import { apiPost } from '../http';

export const TRANS_IMAGE_PATH = '/api/upload/tos/transImage';

export function rehostImage(url: string, signal?: AbortSignal): Promise<string> {
  const request: TransImageRequest = { url };
  return apiPost<string>(TRANS_IMAGE_PATH, request, { skipErrorHandler: true, signal });
}
