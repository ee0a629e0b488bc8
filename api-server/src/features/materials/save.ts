/**
 * POST /api/material/save: every rule of spec §5 again on the server (the UI is a convenience), and
 * what only the server can check: each file is an object in our storage, under the caller's own key
 * scope, and an image by its bytes. One material is created per file, sharing title, description and
 * tags; each starts unreviewed (1) with an upload log (1).
 */
import { type Kysely } from 'kysely';
import { MaterialLogCode } from 'shared-sdk/contract';
import type { RequestOf, materials as contract } from 'shared-sdk/contract/schemas';
import type { Database } from '../../db/schema';
import { type ObjectStore, readObject } from '../../storage/object-store';
import { scopeFor } from '../upload/credentials';
import { parseUploadKey } from '../upload/keys';
import { sniffImage } from './image-bytes';
import { MATERIAL_MESSAGES as M, MAX_FILES_PER_SAVE, MAX_IMAGE_BYTES, invalid, labelIdList } from './shared';
import { parseIdList } from '../../lib/ids';

type SaveInput = RequestOf<typeof contract.materialSave>;

interface StoredImage {
  key: string;
  url: string;
  size: number;
}

const TITLE_MAX = 30;
const DESCRIBE_MAX = 400;
const MAX_LABELS = 20;

const length = (text: string): number => [...text].length;

async function checkImage(store: ObjectStore, raw: string, userId: number): Promise<StoredImage> {
  const key = store.keyOfUrl(raw);
  const parsed = key ? parseUploadKey(key) : null;
  if (!key || !parsed) throw invalid(M.BAD_FILE_URL);
  if (parsed.scope !== scopeFor(userId)) throw invalid(M.FILE_NOT_YOURS);
  const head = await store.head(key);
  if (!head) throw invalid(M.FILE_MISSING);
  if (head.size > MAX_IMAGE_BYTES) throw invalid(M.FILE_TOO_LARGE);
  const body = await readObject(store, key, MAX_IMAGE_BYTES);
  if (!body) throw invalid(M.FILE_MISSING);
  if (parsed.kind !== 'image' || !sniffImage(body)) throw invalid(M.NOT_AN_IMAGE);
  return { key, url: store.publicUrl(key), size: head.size };
}

function checkTexts(input: { title: string; describe: string }): { title: string; describe: string } {
  const title = input.title.trim();
  const describe = input.describe.trim();
  if (!title) throw invalid(M.TITLE_REQUIRED);
  if (length(title) > TITLE_MAX) throw invalid(M.TITLE_TOO_LONG);
  if (!describe) throw invalid(M.DESCRIBE_REQUIRED);
  if (length(describe) > DESCRIBE_MAX) throw invalid(M.DESCRIBE_TOO_LONG);
  return { title, describe };
}

async function checkLabels(db: Kysely<Database>, raw: string): Promise<number[]> {
  if (!raw.trim()) return [];
  const ids = parseIdList(raw, labelIdList(MAX_LABELS));
  const found = await db.selectFrom('labels').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw invalid(M.UNKNOWN_LABEL);
  return ids;
}

export async function saveMaterials(db: Kysely<Database>, store: ObjectStore, userId: number, input: SaveInput): Promise<number[]> {
  const { files: fileList = '', covers: coverList = '', labels = '' } = input;
  const { title, describe } = checkTexts({ title: input.title ?? '', describe: input.describe ?? '' });
  const files = fileList
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!files.length) throw invalid(M.FILES_REQUIRED);
  if (files.length > MAX_FILES_PER_SAVE) throw invalid(M.TOO_MANY_FILES);
  const covers = coverList.trim() ? coverList.split('|').map((c) => c.trim()) : [];
  if (covers.length && covers.length !== files.length) throw invalid(M.COVERS_MISMATCH);
  const labelIds = await checkLabels(db, labels);

  const images: StoredImage[] = [];
  for (const file of files) images.push(await checkImage(store, file, userId));
  const icons: string[] = [];
  for (const [i, image] of images.entries()) {
    const cover = covers[i];
    icons.push(cover ? (await checkImage(store, cover, userId)).url : image.url);
  }

  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .insertInto('materials')
      .values(
        images.map((image, i) => ({
          owner_id: userId,
          cm_type: 2,
          title,
          describe,
          object_key: image.key,
          url: image.url,
          icon_url: icons[i] ?? image.url,
          size: image.size,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((row) => row.id);
    await tx
      .insertInto('material_logs')
      .values(ids.map((id) => ({ material_id: id, user_id: userId, behavior: MaterialLogCode.UPLOAD })))
      .execute();
    if (labelIds.length) {
      await tx
        .insertInto('material_labels')
        .values(ids.flatMap((id) => labelIds.map((label_id) => ({ material_id: id, label_id }))))
        .execute();
    }
    return ids;
  });
}
