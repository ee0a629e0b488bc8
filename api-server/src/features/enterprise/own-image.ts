/**
 * An image the caller uploaded to the product's storage: a key of the upload layout, under the
 * caller's own scope, present, an image by its bytes and not too large. Someone else's object, an
 * outside URL or a renamed non-image is refused with a clear message.
 */
import { type ObjectStore, readObject } from '../../storage/object-store';
import { sniffImage } from '../materials/image-bytes';
import { scopeFor } from '../upload/credentials';
import { parseUploadKey } from '../upload/keys';
import { invalid } from '../../lib/api-error';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  NOT_OURS: '图片地址无效，请重新上传',
  NOT_YOURS: '只能使用自己上传的图片',
  MISSING: '图片不存在，请重新上传',
  TOO_LARGE: '图片不能超过 10 MB',
  NOT_IMAGE: '请上传图片文件（gif、jpeg、jpg、png、svg）',
} as const;

/** The object key of the caller's uploaded image named by `url`. */
export async function ownImageKey(store: ObjectStore, url: string, userId: number): Promise<string> {
  const key = store.keyOfUrl(url.trim());
  const parsed = key ? parseUploadKey(key) : null;
  if (!key || !parsed) throw invalid(IMAGE_MESSAGES.NOT_OURS);
  if (parsed.scope !== scopeFor(userId)) throw invalid(IMAGE_MESSAGES.NOT_YOURS);
  const head = await store.head(key);
  if (!head) throw invalid(IMAGE_MESSAGES.MISSING);
  if (head.size > MAX_IMAGE_BYTES) throw invalid(IMAGE_MESSAGES.TOO_LARGE);
  const body = await readObject(store, key, MAX_IMAGE_BYTES);
  if (!body) throw invalid(IMAGE_MESSAGES.MISSING);
  if (parsed.kind !== 'image' || !sniffImage(body)) throw invalid(IMAGE_MESSAGES.NOT_IMAGE);
  return key;
}
