/**
 * An image the caller uploaded to the product's storage and had cleaned (media/clean-copies.ts): a
 * clean copy of theirs, present and not too large. Someone else's object, an outside URL, a raw
 * upload or a non-image is refused with a clear message.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';
import { requireCleanCopy } from '../media/clean-copies';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  NOT_OURS: '图片地址无效，请重新上传',
  NOT_YOURS: '只能使用自己上传的图片',
  MISSING: '图片不存在，请重新上传',
  TOO_LARGE: '图片不能超过 10 MB',
  NOT_IMAGE: '请上传图片文件（gif、jpeg、jpg、png、svg）',
  NOT_CLEAN: '图片未经处理，请重新上传',
} as const;

/** The object key of the caller's clean image named by `url`. */
export async function ownImageKey(db: Kysely<Database>, store: ObjectStore, url: string, userId: number): Promise<string> {
  return (await requireCleanCopy({ db, storage: store }, userId, url, { ...IMAGE_MESSAGES, maxBytes: MAX_IMAGE_BYTES })).key;
}
