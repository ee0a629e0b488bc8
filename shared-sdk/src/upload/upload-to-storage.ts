// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- shared-sdk is compiled as source by every part: this carries the ali-oss types into their programs.
/// <reference path="./ali-oss.d.ts" />
/**
 * uploadToStorage(file, kind, onProgress): straight from the browser to storage with the short-lived
 * credentials of /api/upload/tos/token. Always multipart: ali-oss sends a file under 100 KB in one
 * PUT, and a larger one in parallel parts; a failed part is retried from the checkpoint, so the
 * parts already stored are not sent again.
 */
import type { OssCheckpoint } from 'ali-oss';
import { apiGet } from '../http';
import type { UploadKind } from './file-rules';
import { mimeOfImage } from './file-rules';
import { UPLOAD_PARALLEL, partSizeFor, partTimeoutMs } from './multipart-settings';
import { buildObjectKey } from './object-key';
import { storageRefusalOf } from './storage-refusal';
import { type UploadToken, createStorageClient, objectUrl } from './storage-client';

export interface UploadResult {
  url: string;
  key: string;
}

export interface UploadOptions {
  partSize?: number;
  parallel?: number;
  /** Attempts after the first failure, each resuming from the last checkpoint. */
  retries?: number;
  origin?: string;
  /** Where the credentials come from: the tos token by default; videos use the video service's. */
  tokenPath?: string;
}

export const TOKEN_PATH = '/api/upload/tos/token';
export function fetchUploadToken(path = TOKEN_PATH): Promise<UploadToken> {
  return apiGet<UploadToken>(path, undefined, { skipErrorHandler: true });
}

export async function uploadToStorage(
  file: File,
  kind: UploadKind,
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const token = await fetchUploadToken(options.tokenPath);
  const refresh = async () => {
    const next = await fetchUploadToken(options.tokenPath);
    return { accessKeyId: next.accessKeyId, accessKeySecret: next.secretAccessKey, stsToken: next.sessionToken };
  };
  const client = await createStorageClient(token, options.origin ?? window.location.origin, refresh);
  const key = buildObjectKey(kind, token.keyScope, file.name);
  let checkpoint: OssCheckpoint | undefined;
  const mime = file.type || mimeOfImage(file.name);
  // The percent only grows and each value is reported once (every report re-renders the caller).
  let shown = -1;
  const report = (percent: number) => {
    if (percent <= shown) return;
    shown = percent;
    onProgress?.(percent);
  };
  const parallel = options.parallel ?? UPLOAD_PARALLEL;
  const partSize = options.partSize ?? partSizeFor(file.size);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.multipartUpload(key, file, {
        parallel,
        partSize,
        timeout: partTimeoutMs(partSize, parallel),
        ...(mime ? { mime } : {}),
        ...(checkpoint ? { checkpoint } : {}),
        progress: (fraction, cpt) => {
          if (cpt) checkpoint = cpt;
          // ali-oss reports 1 once the object is complete (its parts assembled, or a small file put).
          report(fraction >= 1 ? 100 : Math.min(99, Math.floor(fraction * 100)));
        },
      });
      report(100);
      return { url: objectUrl(token, key), key };
    } catch (error) {
      // A refusal (quota, too many open uploads, too large) is final: its message, no retry.
      const refusal = storageRefusalOf(error);
      if (refusal) throw refusal;
      if (attempt >= (options.retries ?? 2)) throw error;
    }
  }
}
