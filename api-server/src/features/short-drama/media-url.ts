/**
 * Addresses a series or an episode may point at. A cover is a clean copy of an image the caller
 * uploaded (media/clean-copies.ts; or the one already stored: a seeded cover stays valid on edit). A video is a video of our storage that the
 * video service knows (publishing's own check, editor/video-ready.ts: committed, transcoded, the
 * caller's, refused in the same words), a same-origin path of the product's media service, or an
 * http(s) address of a video host; never a `javascript:` or `data:` URL, and never someone else's
 * upload. Our storage's addresses are read once, by the store (storage/object-address.ts), so no
 * second spelling of a key passes as a plain path.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';
import { VIDEO_NOT_READY, requireKnownVideos } from '../editor/video-ready';
import { ownImageKey } from '../enterprise/own-image';
import { scopeFor } from '../upload/credentials';
import { parseUploadKey } from '../upload/keys';
import { invalid } from '../../lib/api-error';

export const MEDIA_MESSAGES = {
  VIDEO_REQUIRED: '请上传剧集视频',
  VIDEO_INVALID: '视频地址无效，请重新上传',
  VIDEO_MISSING: '视频不存在，请重新上传',
} as const;

export async function coverUrl(db: Kysely<Database>, store: ObjectStore, raw: string, userId: number, current: string): Promise<string> {
  const url = raw.trim();
  if (!url || url === current) return url;
  return store.publicUrl(await ownImageKey(db, store, url, userId));
}

export async function videoUrl(db: Kysely<Database>, store: ObjectStore, raw: string, userId: number, current: string): Promise<string> {
  const url = raw.trim();
  if (!url) throw invalid(MEDIA_MESSAGES.VIDEO_REQUIRED);
  if (url === current) return url;
  const address = store.addressOf(url);
  if (address) {
    const parsed = address.key === null ? null : parseUploadKey(address.key);
    if (!address.key || !parsed) throw invalid(MEDIA_MESSAGES.VIDEO_INVALID);
    if (parsed.scope !== scopeFor(userId)) throw invalid(VIDEO_NOT_READY.NOT_YOURS);
    // Only the video folder holds what the video service committed: an image or a file is no video.
    if (parsed.kind !== 'video') throw invalid(MEDIA_MESSAGES.VIDEO_INVALID);
    await requireKnownVideos(db, userId, [], [address.key]);
    if (!(await store.head(address.key))) throw invalid(MEDIA_MESSAGES.VIDEO_MISSING);
    return store.publicUrl(address.key);
  }
  if (/^\/(?!\/)[^\s\\]*$/.test(url) || /^https?:\/\/[^\s/\\]+(\/\S*)?$/i.test(url)) return url;
  throw invalid(MEDIA_MESSAGES.VIDEO_INVALID);
}
