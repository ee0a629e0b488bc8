/**
 * Addresses a series or an episode may point at. A cover is an image the caller uploaded (or the one
 * already stored: a seeded cover stays valid on edit). A video is the caller's own object in storage,
 * a same-origin path of the product's media service, or an http(s) address of a video host; never a
 * `javascript:` or `data:` URL, and never someone else's upload.
 */
import type { ObjectStore } from '../../storage/object-store';
import { ownImageKey } from '../enterprise/own-image';
import { scopeFor } from '../upload/credentials';
import { parseUploadKey } from '../upload/keys';
import { invalid } from '../../lib/api-error';

export const MEDIA_MESSAGES = {
  VIDEO_REQUIRED: '请上传剧集视频',
  VIDEO_INVALID: '视频地址无效，请重新上传',
  VIDEO_NOT_YOURS: '只能使用自己上传的视频',
  VIDEO_MISSING: '视频不存在，请重新上传',
} as const;

export async function coverUrl(store: ObjectStore, raw: string, userId: number, current: string): Promise<string> {
  const url = raw.trim();
  if (!url || url === current) return url;
  return store.publicUrl(await ownImageKey(store, url, userId));
}

export async function videoUrl(store: ObjectStore, raw: string, userId: number, current: string): Promise<string> {
  const url = raw.trim();
  if (!url) throw invalid(MEDIA_MESSAGES.VIDEO_REQUIRED);
  if (url === current) return url;
  const key = store.keyOfUrl(url);
  if (key) {
    const parsed = parseUploadKey(key);
    if (!parsed) throw invalid(MEDIA_MESSAGES.VIDEO_INVALID);
    if (parsed.scope !== scopeFor(userId)) throw invalid(MEDIA_MESSAGES.VIDEO_NOT_YOURS);
    if (!(await store.head(key))) throw invalid(MEDIA_MESSAGES.VIDEO_MISSING);
    return store.publicUrl(key);
  }
  if (/^\/(?!\/)[^\s\\]*$/.test(url) || /^https?:\/\/[^\s/\\]+(\/\S*)?$/i.test(url)) return url;
  throw invalid(MEDIA_MESSAGES.VIDEO_INVALID);
}
