/**
 * POST /api/material/save: every rule of docs/product.md §5 again on the server (the UI is a convenience), and
 * what only the server can check: each file is a clean copy of the caller's (an upload the server
 * decoded and encoded again without its metadata: media/clean-copies.ts) present in storage. One material is created per file, sharing title, description and
 * tags; each starts unreviewed (1) with an upload log (1).
 */
import { type Kysely } from 'kysely';
import { MaterialLogCode } from 'shared-sdk/contract';
import type { RequestOf, materials as contract } from 'shared-sdk/contract/schemas';
import { materialInputProblem } from 'shared-sdk/rules';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';
import { requireCleanCopy } from '../media/clean-copies';
import { MATERIAL_MESSAGES as M, MAX_IMAGE_BYTES, invalid, labelIdList } from './material-input';
import { parseIdList } from '../../lib/ids';

type SaveInput = RequestOf<typeof contract.materialSave>;

interface StoredImage {
  key: string;
  url: string;
  size: number;
}

const MAX_LABELS = 20;

/** A clean copy of the caller's (media/clean-copies.ts): the upload itself is never saved. */
async function checkImage(db: Kysely<Database>, store: ObjectStore, raw: string, userId: number): Promise<StoredImage> {
  const { key, size } = await requireCleanCopy({ db, storage: store }, userId, raw, {
    NOT_OURS: M.BAD_FILE_URL,
    NOT_YOURS: M.FILE_NOT_YOURS,
    MISSING: M.FILE_MISSING,
    TOO_LARGE: M.FILE_TOO_LARGE,
    NOT_IMAGE: M.NOT_AN_IMAGE,
    maxBytes: MAX_IMAGE_BYTES,
  });
  return { key, url: store.publicUrl(key), size };
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
  const files = fileList
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const covers = coverList.trim() ? coverList.split('|').map((c) => c.trim()) : [];
  const texts = { title: input.title ?? '', describe: input.describe ?? '' };
  // The rules the add screen checks too (shared-sdk/rules), in the order the server has always answered.
  const problem = materialInputProblem({ ...texts, files, covers });
  if (problem) throw invalid(problem);
  const title = texts.title.trim();
  const describe = texts.describe.trim();
  const labelIds = await checkLabels(db, labels);

  const images: StoredImage[] = [];
  for (const file of files) images.push(await checkImage(db, store, file, userId));
  const icons: string[] = [];
  for (const [i, image] of images.entries()) {
    const cover = covers[i];
    icons.push(cover ? (await checkImage(db, store, cover, userId)).url : image.url);
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
