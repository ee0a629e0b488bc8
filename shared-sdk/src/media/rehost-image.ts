/** docs/product.md §7 `POST /api/upload/tos/transImage`: an external image copied onto our storage; resolves to its new URL. */
import type { TransImageRequest } from '../contract';
import { uploads } from '../contract/calls';
import { callApi } from '../http/call';

export const TRANS_IMAGE_PATH = uploads.transImage.url;

export function rehostImage(url: string, signal?: AbortSignal): Promise<string> {
  const request: TransImageRequest = { url };
  return callApi(uploads.transImage, request, { skipErrorHandler: true, signal });
}
