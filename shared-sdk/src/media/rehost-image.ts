/** Spec §7 `POST /api/upload/tos/transImage`: an external image copied onto our storage; resolves to its new URL. */
import { apiPost } from '../http';

export const TRANS_IMAGE_PATH = '/api/upload/tos/transImage';

export function rehostImage(url: string, signal?: AbortSignal): Promise<string> {
  return apiPost<string>(TRANS_IMAGE_PATH, { url }, { skipErrorHandler: true, signal });
}
