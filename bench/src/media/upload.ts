/**
 * An upload as the browser makes it: credentials from the product's token route, shared-sdk's
 * storage client (ali-oss, path-style against the embedded storage under /oss) and its object key,
 * and ali-oss's multipartUpload with the browser's part size and parallelism (shared-sdk's
 * multipart settings unless the bench is told otherwise). ali-oss's Node build reads the file by
 * path, part by part, where the browser's reads a File; the multipart protocol and the part
 * scheduling are the same code.
 */
import { statSync } from 'node:fs';
import type { OssCheckpoint } from 'ali-oss';
import { signedCall } from '../../../e2e/support/api';
import { UPLOAD_PARALLEL, UPLOAD_PART_SIZE } from '../../../shared-sdk/src/upload/multipart-settings';
import { buildObjectKey } from '../../../shared-sdk/src/upload/object-key';
import { type UploadToken, createStorageClient } from '../../../shared-sdk/src/upload/storage-client';

export interface UploadSettings {
  partSize: number;
  parallel: number;
}

export const BROWSER_SETTINGS: UploadSettings = { partSize: UPLOAD_PART_SIZE, parallel: UPLOAD_PARALLEL };

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
    const answer = await signedCall<UploadToken>(baseUrl, token, 'GET', '/api/upload/vod/token', {});
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
  const parts = Math.ceil(statSync(file).size / settings.partSize);
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
      client.multipartUpload(key, file as unknown as Blob, { partSize: settings.partSize, parallel: settings.parallel, mime: 'video/mp4', progress }),
      timedOut,
    ]);
    const ended = performance.now();
    return { key, seconds: (ended - began) / 1000, completeSeconds: (ended - lastPartAt) / 1000 };
  } finally {
    clearTimeout(timer);
  }
}
