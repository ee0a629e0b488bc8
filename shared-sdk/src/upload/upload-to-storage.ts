// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- shared-sdk is compiled as source by every part: this carries the ali-oss types into their programs.
/// <reference path="./ali-oss.d.ts" />
/**
 * uploadToStorage(file, kind, onProgress): straight from the browser to storage with the short-lived
 * credentials of /api/upload/tos/token. Always multipart: ali-oss sends a file under 100 KB in one
 * PUT, and a larger one in parallel parts; a failed part is retried from the checkpoint, so the
 * parts already stored are not sent again. The percent counts the bytes the browser has sent (each
 * part's upload progress; a stored part counts whole), held at 99 until the object is complete.
 *
 * prepareUpload(tokenPath): what an upload waits for before its first request to storage, started
 * before the file is chosen: ali-oss's chunk and the credentials. A screen calls it when the creator
 * reaches for the upload button; the upload then takes the credentials already fetched (if they
 * still have TOKEN_REUSE_MS to live) instead of asking again.
 */
import type { OssCheckpoint } from 'ali-oss';
import { apiGet } from '../http';
import type { UploadKind } from './file-rules';
import { mimeOfImage } from './file-rules';
import { UPLOAD_PARALLEL, partSizeFor, partTimeoutMs } from './multipart-settings';
import { buildObjectKey } from './object-key';
import { storageRefusalOf } from './storage-refusal';
import { type UploadToken, createStorageClient, loadStorageClient, objectUrl } from './storage-client';

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

/** The least time between two progress reports (except the last, 100). */
export const PROGRESS_INTERVAL_MS = 100;

/** A prepared token is used only while it has at least this long to live (ali-oss refreshes it after that anyway). */
export const TOKEN_REUSE_MS = 5 * 60_000;
/** Credentials fetched by prepareUpload, by token path: each is taken by one upload. */
const prepared = new Map<string, Promise<UploadToken>>();

/**
 * Starts what an upload needs before its first storage request (ali-oss's chunk, credentials from
 * `tokenPath`), so an upload started soon after does not wait for them. Never fails: an upload
 * started later fetches anything that could not be had here.
 */
export function prepareUpload(tokenPath = TOKEN_PATH): void {
  void loadStorageClient().catch(() => undefined);
  if (prepared.has(tokenPath)) return;
  const token = fetchUploadToken(tokenPath);
  token.catch(() => prepared.delete(tokenPath));
  prepared.set(tokenPath, token);
}

/** The prepared credentials for `tokenPath` if they are there and fresh enough, else new ones. */
async function takeUploadToken(tokenPath = TOKEN_PATH): Promise<UploadToken> {
  const ready = prepared.get(tokenPath);
  prepared.delete(tokenPath);
  if (ready) {
    const token = await ready.catch(() => null);
    if (token && Date.parse(token.expiration) - Date.now() >= TOKEN_REUSE_MS) return token;
  }
  return fetchUploadToken(tokenPath);
}

export async function uploadToStorage(
  file: File,
  kind: UploadKind,
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<UploadResult> {
  // ali-oss's chunk loads while the credentials are asked for (both already there when prepared).
  void loadStorageClient().catch(() => undefined);
  const token = await takeUploadToken(options.tokenPath);
  const refresh = async () => {
    const next = await fetchUploadToken(options.tokenPath);
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
  const key = buildObjectKey(kind, token.keyScope, file.name);
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
