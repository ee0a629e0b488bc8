// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- shared-sdk is compiled as source by every part: this carries the ali-oss types into their programs.
/// <reference path="./ali-oss.d.ts" />
/**
 * uploadToStorage(file, kind, onProgress): straight from the browser to storage with the short-lived
 * credentials of /api/upload/tos/token. Always multipart: ali-oss sends a file under 100 KB in one
 * PUT, and a larger one in parallel parts; a failed part is retried from the checkpoint, so the
 * parts already stored are not sent again. The percent counts the bytes the browser has sent (each
 * part's upload progress; a stored part counts whole), held at 99 until the object is complete.
 *
 * prepareUpload(): what an upload waits for before its first request to storage that does not
 * depend on the file (ali-oss's chunk), started when the creator reaches for the upload button.
 */
import type { OssCheckpoint } from 'ali-oss';
import { callApi } from '../http/call';
import type { TosToken } from '../contract';
import { uploads } from '../contract/calls';
import type { UploadKind } from './file-rules';
import { mimeOfImage } from './file-rules';
import { UPLOAD_PARALLEL, partSizeFor, partTimeoutMs } from './multipart-settings';
import { buildObjectKey, objectExtension } from './object-key';
import { storageRefusalOf, storageRefusalOfAnswer } from './storage-refusal';
import { createStorageClient, loadStorageClient, objectUrl } from './storage-client';

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
  tokenRoute?: TokenRoute;
}

/** The calls that answer storage credentials: the tos token, and the video service's (the same, plus its fields). */
export type TokenRoute = typeof uploads.uploadToken | typeof uploads.videoUploadToken;

/**
 * What the credentials are for: a new upload (its kind, size and extension: the server refuses one
 * beyond its limits before a byte is sent, and the credentials write the one key it answers), or
 * the upload of `key` again (ali-oss renews credentials during a long upload).
 */
export type UploadTokenRequest = { kind: UploadKind; size: number; ext: string } | { key: string };

export function fetchUploadToken(route: TokenRoute = uploads.uploadToken, request?: UploadTokenRequest): Promise<TosToken> {
  const options = { skipErrorHandler: true };
  // One call each, so that each is typed by its own declaration.
  return route === uploads.videoUploadToken ? callApi(uploads.videoUploadToken, request, options) : callApi(uploads.uploadToken, request, options);
}

/** The least time between two progress reports (except the last, 100). */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Starts what an upload needs before its first storage request that does not depend on the file
 * (ali-oss's chunk), so an upload started soon after does not wait for it. The credentials are
 * asked for once the file is chosen: they name its kind and size (refused beyond the limits before a
 * byte is sent) and write the one key the server answers. Never fails.
 */
export function prepareUpload(): void {
  void loadStorageClient().catch(() => undefined);
}

export async function uploadToStorage(
  file: File,
  kind: UploadKind,
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<UploadResult> {
  // ali-oss's chunk loads while the credentials are asked for (already there when prepared).
  void loadStorageClient().catch(() => undefined);
  // A refusal here (too large, quota, too many open uploads) comes before a byte is sent.
  const token = await fetchUploadToken(options.tokenRoute, { kind, size: file.size, ext: objectExtension(file.name) }).catch((error: unknown) => {
    throw storageRefusalOfAnswer(error) ?? error;
  });
  // The server names the key the credentials may write (older servers leave it to us).
  const key = token.key ?? buildObjectKey(kind, token.keyScope, file.name);
  const refresh = async () => {
    const next = await fetchUploadToken(options.tokenRoute, token.key ? { key: token.key } : undefined);
    return { accessKeyId: next.accessKeyId, accessKeySecret: next.secretAccessKey, stsToken: next.sessionToken };
  };
  // The percent only grows and each value is reported once, at most every PROGRESS_INTERVAL_MS (each
  // report re-renders the caller; on loopback a 37 MB upload would otherwise render ~100 times in
  // half a second); the latest value held back is reported when the interval ends, 100 at once.
  let shown = -1;
  let held = -1;
  let shownAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (percent: number) => {
    shown = percent;
    shownAt = Date.now();
    onProgress?.(percent);
  };
  const report = (percent: number) => {
    if (percent <= Math.max(shown, held)) return;
    const since = Date.now() - shownAt;
    if (percent < 100 && since < PROGRESS_INTERVAL_MS) {
      held = percent;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (held > shown) show(held);
      }, PROGRESS_INTERVAL_MS - since);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    show(percent);
  };
  const parallel = options.parallel ?? UPLOAD_PARALLEL;
  let partSize = options.partSize ?? partSizeFor(file.size, parallel);
  // Bytes sent of each part: what its request has sent so far, or all of it once stored.
  const sent = new Map<number, number>();
  const bytesOfPart = (part: number) => Math.max(0, Math.min(partSize, file.size - (part - 1) * partSize));
  const reportBytes = () => {
    let total = 0;
    for (const bytes of sent.values()) total += bytes;
    if (file.size > 0) report(Math.min(99, Math.floor((total / file.size) * 100)));
  };
  const stored = new Set<number>();
  const onPartProgress = (part: number, bytes: number) => {
    if (stored.has(part)) return;
    sent.set(part, Math.min(bytes, bytesOfPart(part)));
    reportBytes();
  };
  const client = await createStorageClient(token, options.origin ?? window.location.origin, refresh, onPartProgress);
  let checkpoint: OssCheckpoint | undefined;
  const mime = file.type || mimeOfImage(file.name);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.multipartUpload(key, file, {
        parallel,
        partSize,
        timeout: partTimeoutMs(partSize, parallel),
        ...(mime ? { mime } : {}),
        ...(checkpoint ? { checkpoint } : {}),
        progress: (fraction, cpt) => {
          if (cpt) {
            checkpoint = cpt;
            partSize = cpt.partSize;
            for (const part of cpt.doneParts) {
              stored.add(part.number);
              sent.set(part.number, bytesOfPart(part.number));
            }
          }
          // ali-oss reports 1 once the object is complete (its parts assembled, or a small file put).
          if (fraction >= 1) report(100);
          else reportBytes();
        },
      });
      report(100);
      return { url: objectUrl(token, key), key };
    } catch (error) {
      clearTimeout(timer);
      timer = undefined;
      // A refusal (quota, too many open uploads, too large) is final: its message, no retry.
      const refusal = storageRefusalOf(error);
      if (refusal) throw refusal;
      if (attempt >= (options.retries ?? 2)) throw error;
    }
  }
}
