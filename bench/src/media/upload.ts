/**
 * An upload as the browser makes it: credentials from the product's token route, shared-sdk's
 * storage client (ali-oss, path-style against the embedded storage under /oss) and its object key,
 * and ali-oss's multipartUpload with the browser's part size, parallelism and part timeout (shared-sdk's
 * multipart settings: the part size chosen for the file's size, unless the bench is told otherwise). ali-oss's Node build reads the file by
 * path, part by part, where the browser's reads a File; the multipart protocol and the part
 * scheduling are the same code.
 */
import { statSync } from 'node:fs';
import type { OssCheckpoint } from 'ali-oss';
import { signedCall } from '../../../e2e/support/api';
import { UPLOAD_PARALLEL, partSizeFor, partTimeoutMs } from '../../../shared-sdk/src/upload/multipart-settings';
import { buildObjectKey } from '../../../shared-sdk/src/upload/object-key';
import type { VodToken } from '../../../shared-sdk/src/contract';
import { uploads } from '../../../shared-sdk/src/contract/calls';
import { createStorageClient } from '../../../shared-sdk/src/upload/storage-client';
import { MB } from './files';

export interface UploadSettings {
  /** Bytes per part; 0: as the browser chooses for the file's size (shared-sdk `partSizeFor`). */
  partSize: number;
  parallel: number;
}

export const BROWSER_SETTINGS: UploadSettings = { partSize: 0, parallel: UPLOAD_PARALLEL };

/** "5 MB × 4", or the browser's choice ("browser's parts × 4", with the size it chose for `bytes`). */
export function describeSettings(settings: UploadSettings, bytes?: number): string {
  if (settings.partSize) return `${settings.partSize / MB} MB × ${settings.parallel}`;
  return bytes === undefined ? `browser's parts × ${settings.parallel}` : `${partSizeFor(bytes, settings.parallel) / MB} MB (browser's) × ${settings.parallel}`;
}

interface Cancellable {
  cancel?: () => void;
}

/**
 * Uploads `file` as a video (the video service's credentials); resolves to its key, the seconds it
 * took, and of them the seconds from the last part stored to the completed answer (the assembly).
 */
export async function uploadLikeTheBrowser(
  baseUrl: string,
  token: string,
  file: string,
  settings: UploadSettings,
  timeoutMs: number,
): Promise<{ key: string; seconds: number; completeSeconds: number }> {
  const credentials = async () => {
    const answer = await signedCall<VodToken>(baseUrl, token, uploads.videoUploadToken.method, uploads.videoUploadToken.url, {});
    if (answer.code !== 0) throw new Error(`upload token: ${answer.msg}`);
    return answer.data;
  };
  const first = await credentials();
  const refresh = async () => {
    const next = await credentials();
    return { accessKeyId: next.accessKeyId, accessKeySecret: next.secretAccessKey, stsToken: next.sessionToken };
  };
  const client = await createStorageClient(first, baseUrl, refresh);
  const key = buildObjectKey('video', first.keyScope, file);
  const began = performance.now();
  const size = statSync(file).size;
  const partSize = settings.partSize || partSizeFor(size, settings.parallel);
  const parts = Math.ceil(size / partSize);
  let lastPartAt = NaN;
  // ali-oss reports each stored part with the checkpoint; the completion comes after the last.
  const progress = (_fraction: number, checkpoint: OssCheckpoint | null) => {
    if (checkpoint && checkpoint.doneParts.length === parts) lastPartAt = performance.now();
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      (client as Cancellable).cancel?.();
      reject(new Error(`no end within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
  });
  try {
    // ali-oss's Node build takes a path where the browser's takes a File.
    await Promise.race([
      client.multipartUpload(key, file as unknown as Blob, {
        partSize,
        parallel: settings.parallel,
        timeout: partTimeoutMs(partSize, settings.parallel),
        mime: 'video/mp4',
        progress,
      }),
      timedOut,
    ]);
    const ended = performance.now();
    return { key, seconds: (ended - began) / 1000, completeSeconds: (ended - lastPartAt) / 1000 };
  } finally {
    clearTimeout(timer);
  }
}
