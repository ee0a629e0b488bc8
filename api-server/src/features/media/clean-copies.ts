/**
 * Clean copies: the only images the product saves. The browser uploads straight to storage (the
 * embedded one or an OSS bucket), where the server cannot step in, so the server cleans afterwards:
 * `POST /api/upload/tos/cleanImage` reads the upload through the store, cleans it (clean-image.ts),
 * writes the result under a new key of the same user's upload layout behind `clean/` (which no upload
 * credentials may write: keys.ts), records it in `clean_images`
 * (migration 0180) and deletes the upload. The screens then use the clean URL exactly as they used
 * the uploaded one. Every save that names an image (materials, certification licences, short-drama
 * covers, publishing an editor document) accepts only a clean copy: the caller's own, or, in a
 * document, a material the caller may use.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { MaterialAuditStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { invalid } from '../../lib/api-error';
import { type ObjectStore, readObject } from '../../storage/object-store';
import { scopeFor } from '../upload/credentials';
import { acceptUpload, countForOwner, forgetGrants } from '../upload/grants';
import { CLEAN_PREFIX, parseUploadKey } from '../upload/keys';
import { sniffImage } from '../materials/image-bytes';
import { type CleanedImage, EXTENSION_OF, claimedKind, cleanImage } from './clean-image';

/** The largest upload cleaned (a material image may be 20 MB). */
export const MAX_CLEAN_BYTES = 20 * 1024 * 1024;

export const CLEAN_COPY_MESSAGES = {
  NOT_OURS: '图片地址无效，请重新上传',
  NOT_YOURS: '只能使用自己上传的图片',
  MISSING: '图片不存在，请重新上传',
  TOO_LARGE: '图片不能超过 20 MB',
  NOT_IMAGE: '请上传图片文件（gif、jpeg、jpg、png、svg）',
  /** An image of our storage that is not a clean copy (the raw upload, or a copy of someone else's). */
  NOT_CLEAN: '图片未经处理，请重新上传',
} as const;

type Db = Kysely<Database> | Transaction<Database>;

export interface CleanDeps {
  db: Db;
  storage: ObjectStore;
  now?: () => Date;
}

export interface CleanCopy {
  key: string;
  url: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/**
 * Stores a cleaned image for `userId` and records it. Named by its content (so the same picture
 * re-hosted twice is one copy) when `byContent`, else by 32 random hex digits. A key someone else
 * wrote first (the user's credentials may write anywhere in their scope) is never taken for ours:
 * then the copy gets a random name.
 */
export async function storeCleanCopy(deps: CleanDeps, userId: number, image: CleanedImage, source: string, byContent = false): Promise<CleanCopy> {
  // Under clean/: a prefix no upload credentials may write (keys.ts).
  const folder = `${CLEAN_PREFIX}image/${dateFolder((deps.now ?? (() => new Date()))())}/${scopeFor(userId)}`;
  const ext = EXTENSION_OF[image.kind];
  const names = byContent ? [createHash('md5').update(image.body).digest('hex'), randomBytes(16).toString('hex')] : [randomBytes(16).toString('hex')];
  for (const name of names) {
    const key = `${folder}/${name}.${ext}`;
    const recorded = await deps.db.selectFrom('clean_images').select('owner_id').where('object_key', '=', key).executeTakeFirst();
    if (recorded?.owner_id === userId && (await deps.storage.head(key))) return { key, url: deps.storage.publicUrl(key) };
    if (recorded) continue;
    if (!(await deps.storage.putIfAbsent(key, image.body, image.contentType))) continue;
    await deps.db
      .insertInto('clean_images')
      .values({ object_key: key, owner_id: userId, source })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Kept for the creator: it counts for their quota until the sweep removes it (grants.ts).
    await countForOwner(deps.db, userId, key, image.body.length);
    return { key, url: deps.storage.publicUrl(key) };
  }
  throw new Error('no free key for a clean copy');
}

/** Whether `key` is a clean copy made for `userId`. */
export async function isCleanCopyOf(db: Db, userId: number, key: string): Promise<boolean> {
  const row = await db.selectFrom('clean_images').select('owner_id').where('object_key', '=', key).executeTakeFirst();
  return row?.owner_id === userId;
}

/**
 * The clean copy of the caller's upload named by `url`: made now (and the upload deleted), or the
 * one made before from the same upload, or the URL itself when it names a clean copy of theirs.
 */
export async function cleanUpload(deps: CleanDeps, userId: number, url: string): Promise<CleanCopy> {
  const key = deps.storage.keyOfUrl(url.trim());
  const parsed = key ? parseUploadKey(key) : null;
  if (!key || !parsed) throw invalid(CLEAN_COPY_MESSAGES.NOT_OURS);
  if (parsed.scope !== scopeFor(userId)) throw invalid(CLEAN_COPY_MESSAGES.NOT_YOURS);
  if (parsed.kind !== 'image') throw invalid(CLEAN_COPY_MESSAGES.NOT_IMAGE);
  if (await isCleanCopyOf(deps.db, userId, key)) return { key, url: deps.storage.publicUrl(key) };
  // Only the server writes under clean/: a key there that is no clean copy of the caller's is none of theirs to clean.
  if (parsed.clean) throw invalid(CLEAN_COPY_MESSAGES.NOT_OURS);
  const before = await deps.db.selectFrom('clean_images').select('object_key').where('owner_id', '=', userId).where('source', '=', key).executeTakeFirst();
  if (before && (await deps.storage.head(before.object_key))) return { key: before.object_key, url: deps.storage.publicUrl(before.object_key) };
  const head = await deps.storage.head(key);
  if (!head) throw invalid(CLEAN_COPY_MESSAGES.MISSING);
  const saved = await deps.db.selectFrom('materials').select('id').where('object_key', '=', key).executeTakeFirst();
  if (!saved) {
    // Larger than its credentials declared, or than any image may be: removed and refused.
    await acceptUpload(deps, key, head);
    if (head.size > MAX_CLEAN_BYTES) {
      // Never cleaned, so never usable: not kept either.
      await deps.storage.delete(key);
      await forgetGrants(deps.db, [key]);
      throw invalid(CLEAN_COPY_MESSAGES.TOO_LARGE);
    }
  }
  if (head.size > MAX_CLEAN_BYTES) throw invalid(CLEAN_COPY_MESSAGES.TOO_LARGE);
  const body = await readObject(deps.storage, key, MAX_CLEAN_BYTES);
  if (!body) throw invalid(CLEAN_COPY_MESSAGES.MISSING);
  const cleaned = await cleanImage(body, { claimed: claimedKind(parsed.ext), allowSvg: true });
  const copy = await storeCleanCopy(deps, userId, cleaned, key);
  // The raw upload is never served again, unless a material saved before clean copies existed names it.
  if (!saved) {
    await deps.storage.delete(key);
    await forgetGrants(deps.db, [key]);
  }
  return copy;
}

/**
 * The key of a clean copy of the caller's named by `url`, present in storage and at most
 * `maxBytes`; refusals in the save's own words where it has them.
 */
export async function requireCleanCopy(
  deps: Pick<CleanDeps, 'db' | 'storage'>,
  userId: number,
  url: string,
  messages: Partial<Record<keyof typeof CLEAN_COPY_MESSAGES, string>> & { maxBytes: number },
): Promise<{ key: string; size: number }> {
  const say: Record<keyof typeof CLEAN_COPY_MESSAGES, string> = { ...CLEAN_COPY_MESSAGES, ...messages };
  const key = deps.storage.keyOfUrl(url.trim());
  const parsed = key ? parseUploadKey(key) : null;
  if (!key || !parsed) throw invalid(say.NOT_OURS);
  if (parsed.scope !== scopeFor(userId)) throw invalid(say.NOT_YOURS);
  if (parsed.kind !== 'image') throw invalid(say.NOT_IMAGE);
  const head = await deps.storage.head(key);
  if (!head) throw invalid(say.MISSING);
  if (head.size > messages.maxBytes) throw invalid(say.TOO_LARGE);
  if (!(await isCleanCopyOf(deps.db, userId, key))) {
    // Say what is wrong with it: not an image at all, or an image not cleaned.
    const body = await readObject(deps.storage, key, messages.maxBytes);
    throw invalid(body && sniffImage(body) ? say.NOT_CLEAN : say.NOT_IMAGE);
  }
  return { key, size: head.size };
}

/**
 * The image keys among `keys` (storage keys a document names) that may not be published: an
 * object in the image folder that is neither a clean copy of the author's, nor an image material
 * they may use (their own, or approved in the public library; its picture or its cover), nor the
 * poster frame of one of their videos.
 */
export async function uncleanImageKeys(db: Db, storage: Pick<ObjectStore, 'publicUrl'>, userId: number, keys: readonly string[]): Promise<string[]> {
  const images = keys.filter((key) => key.startsWith('image/') || key.startsWith(`${CLEAN_PREFIX}image/`));
  if (images.length === 0) return [];
  const clean = await db.selectFrom('clean_images').select('object_key').where('object_key', 'in', images).where('owner_id', '=', userId).execute();
  const known = new Set(clean.map((row) => row.object_key));
  const rest = images.filter((key) => !known.has(key));
  if (rest.length === 0) return [];
  const materials = await db
    .selectFrom('materials')
    .select(['object_key', 'icon_url'])
    .where((eb) =>
      eb.or([
        eb('object_key', 'in', rest),
        eb(
          'icon_url',
          'in',
          rest.map((key) => storage.publicUrl(key)),
        ),
      ]),
    )
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('cm_check', '=', MaterialAuditStatus.APPROVED)]))
    .execute();
  const shown = new Set(materials.flatMap((row) => [row.object_key, row.icon_url]));
  for (const key of rest) if (shown.has(key) || shown.has(storage.publicUrl(key))) known.add(key);
  // The poster frames the video service writes (from the decoded video, no metadata) of the author's own videos.
  const left = rest.filter((key) => !known.has(key));
  if (left.length === 0) return [];
  const posters = await db.selectFrom('video_jobs').select('poster_key').where('poster_key', 'in', left).where('user_id', '=', userId).execute();
  for (const row of posters) known.add(row.poster_key);
  return rest.filter((key) => !known.has(key));
}
