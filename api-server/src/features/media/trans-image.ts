/**
 * Re-hosting an external image (docs/product.md §7 `POST /api/upload/tos/transImage`): a pasted article names
 * pictures on other sites; the editor asks us to copy each onto our storage so the article does not
 * hotlink. The server fetches only public addresses (safe-fetch.ts), keeps only bytes that are a
 * jpg, png or gif (never what the other site claims), and stores their clean copy (clean-image.ts:
 * decoded and encoded again, metadata gone) under the user's own scope with the copy's content hash
 * as the name, so the same picture pasted twice is stored once.
 */
import type { Kysely } from 'kysely';
import { ApiCode } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { ObjectStore } from '../../storage/object-store';
import { sniffImage } from '../materials/image-bytes';
import { scopeFor } from '../upload/credentials';
import { parseUploadKey } from '../upload/keys';
import { cleanImage } from './clean-image';
import { cleanUpload, isCleanCopyOf, storeCleanCopy } from './clean-copies';
import { type FetchFailure, type FetchLimits, FetchRefused, type Resolver, fetchPublic } from './safe-fetch';
import type { AddressRule } from './public-address';

export const TRANS_IMAGE_LIMITS: FetchLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };

export const TRANS_IMAGE_MESSAGES: Readonly<Record<FetchFailure | 'notImage', string>> = {
  url: '图片地址无效，仅支持 http 或 https 地址',
  address: '不能从该地址获取图片',
  redirects: '图片地址重定向次数过多',
  status: '图片下载失败，对方地址没有返回图片',
  size: '图片过大，最大支持 10 MB',
  timeout: '图片下载超时，请稍后重试',
  network: '图片下载失败，请检查图片地址',
  notImage: '该地址的内容不是 jpg、png 或 gif 图片',
};

export interface TransImageDeps {
  db: Kysely<Database>;
  storage: ObjectStore;
  rule: AddressRule;
  limits?: FetchLimits;
  resolve?: Resolver;
  now?: () => Date;
}

/** The stored URL of the image at `url`, copied into `userId`'s scope (or the URL itself when it is ours already). */
export async function transImage(deps: TransImageDeps, userId: number, url: string): Promise<string> {
  // Already ours: answer the canonical URL of the stored object (never the caller's spelling of it,
  // which could name our path on another host); the caller's own upload not yet cleaned is cleaned.
  const ownKey = deps.storage.keyOfUrl(url);
  if (ownKey && (await deps.storage.head(ownKey))) {
    const upload = parseUploadKey(ownKey);
    const cleanable = upload?.kind === 'image' && !upload.clean && upload.scope === scopeFor(userId) && !(await isCleanCopyOf(deps.db, userId, ownKey));
    return cleanable ? (await cleanUpload(deps, userId, url)).url : deps.storage.publicUrl(ownKey);
  }
  let fetched;
  try {
    fetched = await fetchPublic(url, deps.rule, deps.limits ?? TRANS_IMAGE_LIMITS, deps.resolve);
  } catch (error) {
    if (error instanceof FetchRefused) throw new ApiError(ApiCode.INVALID_PARAMS, TRANS_IMAGE_MESSAGES[error.reason]);
    throw error;
  }
  const kind = sniffImage(fetched.body);
  // SVG is text that can carry script: a re-hosted picture is raster or nothing.
  if (!kind || kind === 'svg') throw new ApiError(ApiCode.INVALID_PARAMS, TRANS_IMAGE_MESSAGES.notImage);
  const cleaned = await cleanImage(fetched.body, { claimed: kind, allowSvg: false });
  return (await storeCleanCopy(deps, userId, cleaned, `url:${url}`, true)).url;
}
