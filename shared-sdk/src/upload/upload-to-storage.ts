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
import { buildObjectKey, objectExtension } from './object-key';
import { storageRefusalOf, storageRefusalOfAnswer } from './storage-refusal';
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

/**
 * What the credentials are for: a new upload (its kind, size and extension: the server refuses one
 * beyond its limits before a byte is sent, and the credentials write the one key it answers), or
 * the upload of `key` again (ali-oss renews credentials during a long upload).
 */
export type UploadTokenRequest = { kind: UploadKind; size: number; ext: string } | { key: string };

export function fetchUploadToken(path = TOKEN_PATH, request?: UploadTokenRequest): Promise<UploadToken> {
  return apiGet<UploadToken>(path, request, { skipErrorHandler: true });
}

export async function uploadToStorage(
  file: File,
  kind: UploadKind,
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<UploadResult> {
  // A refusal here (too large, quota, too many open uploads) comes before a byte is sent.
  const token = await fetchUploadToken(options.tokenPath, { kind, size: file.size, ext: objectExtension(file.name) }).catch((error: unknown) => {
    throw storageRefusalOfAnswer(error) ?? error;
  });
  // The server names the key the credentials may write (older servers leave it to us).
  const key = token.key ?? buildObjectKey(kind, token.keyScope, file.name);
  const refresh = async () => {
    const next = await fetchUploadToken(options.tokenPath, token.key ? { key: token.key } : undefined);
    return { accessKeyId: next.accessKeyId, accessKeySecret: next.secretAccessKey, stsToken: next.sessionToken };
  };
  const client = await createStorageClient(token, options.origin ?? window.location.origin, refresh);
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
