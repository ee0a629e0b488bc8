/**
 * From draft to manuscript, and the manuscript's later moves (docs/product.md §3, §4): publishing puts it in
 * review (审核中 5) or on the schedule (定时发布 12); the scheduler moves due ones into review; an
 * operator approves (已发布 7), rejects with a reason (未通过 6) or takes offline (已下线 13).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ApiCode, type EditorDocument, ManuscriptStatus, htmlToText } from 'shared-sdk/contract';
import { editor as editorContract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import type { ObjectStore } from '../../storage/object-store';
import { DRAFT_MESSAGES } from '../drafts/draft-lists';
import { documentColumns } from './document';
import { type CheckedSave, type SavedDraft, type Tx, lockEditableManuscript } from './draft-save';
import { documentAddresses } from './document-addresses';
import { type MaterialMatch, materialMatch, recordMaterialUsage } from './material-usage';
import { requireVideosReady } from './video-ready';
import { uncleanImageKeys } from '../media/clean-copies';

/**
 * The review pipeline's code for each state, read with the type's label map (docs/product.md §3: A articles,
 * B videos, C galleries); the new kinds have no map, so their label comes from the state.
 */
const REVIEW_CODES: Readonly<Record<number, Partial<Record<number, number>>>> = {
  [ManuscriptStatus.IN_REVIEW]: { 1: 2, 2: 1 },
  [ManuscriptStatus.PUBLISHED]: { 1: 5, 2: 0, 3: 1 },
  [ManuscriptStatus.REJECTED]: { 1: 8, 2: 2, 3: 3 },
};
export function reviewCodeFor(status: number, type: number): number | null {
  return REVIEW_CODES[status]?.[type] ?? null;
}
function reviewCodeSql(status: number) {
  const codes = REVIEW_CODES[status] ?? {};
  const cases = Object.entries(codes).map(([type, code]) => sql`when type = ${Number(type)} then ${code}`);
  return cases.length ? sql<number | null>`(case ${sql.join(cases, sql` `)} else null end)::smallint` : sql<null>`null`;
}

/** A save newly adding a work that is deleted (one the stored draft already listed may stay). */
export const COLLECTION_DELETED_ITEM = '合集不能收录已删除的作品';

/**
 * Collection items must be my own articles, videos or galleries, and published when the collection
 * is. A draft may still hold an item its author deleted (or took offline) since it was added: the
 * draft is saved, its detail marks the item unavailable, and only publishing refuses it. A save may
 * not newly add a deleted work, though: `listed` are the works the stored draft already lists (or,
 * for a new draft, the manuscript it edits), and only those may be deleted.
 *
 * Runs after the save's and the publish's own locks (`checkDraftSave`, `checkPublish`). When
 * publishing, the works are read FOR SHARE, so a delete or a withdrawal of one of them cannot commit
 * between this check and the publish (it waits for the publish, and the collection then shows the
 * work unavailable). Lock order, the same on every path that locks manuscripts, so none deadlocks:
 * drafts first (the draft saved here; `lockEditingDrafts` in deletes and withdrawals), then the
 * collection (the manuscript the draft edits, FOR UPDATE), then the works it lists, by id. Deleting
 * several manuscripts locks them in that order too (`deleteManuscripts`: collections first, then by id).
 */
export async function checkCollectionItems(tx: Tx, userId: number, itemIds: readonly number[], listed: readonly number[], publishing: boolean): Promise<void> {
  if (itemIds.length === 0) return;
  const query = tx.selectFrom('manuscripts').select(['id', 'user_id', 'status', 'type', 'deleted_at']).where('id', 'in', itemIds);
  const rows = await (publishing ? query.orderBy('id').forShare() : query).execute();
  if (rows.length !== new Set(itemIds).size || rows.some((row) => row.user_id !== userId)) throw new ApiError(ApiCode.INVALID_PARAMS, '合集只能收录自己的作品');
  if (rows.some((row) => row.type > 3)) throw new ApiError(ApiCode.INVALID_PARAMS, '合集只能收录文章、视频和图集');
  if (publishing && rows.some((row) => row.deleted_at !== null || row.status !== ManuscriptStatus.PUBLISHED))
    throw new ApiError(ApiCode.INVALID_PARAMS, '合集只能收录已发布的作品');
  const kept = new Set(listed);
  if (rows.some((row) => row.deleted_at !== null && !kept.has(row.id))) throw new ApiError(ApiCode.INVALID_PARAMS, COLLECTION_DELETED_ITEM);
}

export interface Published {
  manuscriptId: number;
  status: number;
}

/**
 * A publish that passed its own refusals: the manuscript it updates (locked), or null for a new one,
 * and the materials it shows, from the addresses decoded once by the check.
 */
export interface CheckedPublish {
  manuscriptId: number | null;
  materials: MaterialMatch;
}

/** A document naming an address in our storage that is no key's spelling (object-address.ts). */
export const MEDIA_ADDRESS_INVALID = '媒体地址无效，请删除后重新上传';

/** A document showing an image of our storage that is not a clean copy (media/clean-copies.ts). */
export const IMAGE_NOT_CLEAN = '图片未经处理，请删除后重新上传';

/**
 * The refusals of publishing and scheduling only, run after the save's own refusals and before
 * anything is written, so a refused publish leaves the draft as it was: an address in our storage
 * that names no key as spelled (1002), an image of our storage that is neither a clean copy of the
 * author's nor an image material they may use (1002, media/clean-copies.ts), a video not committed, not the author's, still transcoding or
 * failed (1002, `video-ready.ts`), and, for a draft editing a manuscript, the same refusals as for
 * saving it (`lockEditableManuscript`: gone, someone else's, another kind, or back in review). Collection items are checked
 * after it (`checkCollectionItems`), once the draft and the manuscript it edits are locked.
 */
export async function checkPublish(
  tx: Tx,
  storage: Pick<ObjectStore, 'addressOf' | 'publicUrl'>,
  userId: number,
  doc: EditorDocument,
  save: CheckedSave,
): Promise<CheckedPublish> {
  const addresses = documentAddresses(storage, doc);
  if (addresses.invalid.length > 0) throw new ApiError(ApiCode.INVALID_PARAMS, MEDIA_ADDRESS_INVALID);
  if ((await uncleanImageKeys(tx, storage, userId, addresses.keys)).length > 0) throw new ApiError(ApiCode.INVALID_PARAMS, IMAGE_NOT_CLEAN);
  await requireVideosReady(tx, userId, doc, addresses.keys);
  const { manuscriptId } = save;
  if (manuscriptId !== null && !save.manuscriptChecked) await lockEditableManuscript(tx, userId, manuscriptId, doc.type);
  return { manuscriptId, materials: materialMatch(storage, addresses.usage) };
}

/**
 * Turns the saved draft into a manuscript (or updates the manuscript the draft edits) in review or
 * scheduled, and takes the draft off the draft list: it has become that manuscript.
 */
export async function publishDraft(
  tx: Tx,
  userId: number,
  checked: CheckedPublish,
  draft: SavedDraft,
  doc: EditorDocument,
  scheduledAt: Date | null,
  now: Date,
): Promise<Published> {
  const status = scheduledAt ? ManuscriptStatus.SCHEDULED : ManuscriptStatus.IN_REVIEW;
  const values = {
    ...documentColumns(doc, htmlToText(doc.content)),
    status,
    review_code: scheduledAt ? null : reviewCodeFor(status, doc.type),
    scheduled_at: scheduledAt,
    reject_reason: '',
    updated_at: now,
  };
  let manuscriptId: number;
  if (checked.manuscriptId !== null) {
    await tx.updateTable('manuscripts').set(values).where('id', '=', checked.manuscriptId).execute();
    manuscriptId = checked.manuscriptId;
  } else {
    const inserted = await tx
      .insertInto('manuscripts')
      .values({ ...values, global_id: randomUUID(), user_id: userId, platforms: JSON.stringify([9]), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    manuscriptId = inserted.id;
  }
  await recordMaterialUsage(tx, userId, manuscriptId, checked.materials);
  await tx.updateTable('drafts').set({ deleted_at: now, updated_at: now }).where('id', '=', draft.id).execute();
  return { manuscriptId, status };
}

/**
 * Moves every scheduled manuscript due at `now` into review; answers how many. Runs on the partial
 * index manuscripts_scheduled_due_idx, so a poll reads only due rows.
 * It takes the due rows no one holds (SKIP LOCKED) and leaves the others to the next poll: a creator
 * editing or deleting a due manuscript, or a collection's publish holding the works it lists, never
 * waits for the poll, and the poll, which waits for no one, can be in no deadlock with them.
 */
export async function publishDue(db: Tx, now: Date): Promise<number> {
  const due = db
    .selectFrom('manuscripts')
    .select('id')
    .where('status', '=', ManuscriptStatus.SCHEDULED)
    .where('deleted_at', 'is', null)
    .where('scheduled_at', '<=', now)
    .forUpdate()
    .skipLocked();
  const result = await db
    .updateTable('manuscripts')
    .set({ status: ManuscriptStatus.IN_REVIEW, review_code: reviewCodeSql(ManuscriptStatus.IN_REVIEW), updated_at: now })
    .where('id', 'in', due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type ReviewAction = editorContract.ReviewAction;
const FROM: Readonly<Record<ReviewAction, number>> = {
  approve: ManuscriptStatus.IN_REVIEW,
  reject: ManuscriptStatus.IN_REVIEW,
  offline: ManuscriptStatus.PUBLISHED,
};
const TO: Readonly<Record<ReviewAction, number>> = {
  approve: ManuscriptStatus.PUBLISHED,
  reject: ManuscriptStatus.REJECTED,
  offline: ManuscriptStatus.OFFLINE,
};
const { REJECT_REASON_MAX } = editorContract;

/** An operator's decision on one manuscript; refuses a state the action does not apply to. */
export async function reviewManuscript(db: Tx, id: number, action: ReviewAction, reason: string, now: Date): Promise<{ status: number }> {
  const row = await db.selectFrom('manuscripts').select(['id', 'status', 'type']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.MANUSCRIPT_NOT_FOUND);
  if (row.status !== FROM[action]) throw new ApiError(ApiCode.CONFLICT, action === 'offline' ? '只有已发布的稿件可以下线' : '只有审核中的稿件可以审核');
  const text = reason.trim();
  if (action === 'reject' && (!text || [...text].length > REJECT_REASON_MAX))
    throw new ApiError(ApiCode.INVALID_PARAMS, `请填写1到${REJECT_REASON_MAX}个字的未通过原因`);
  const status = TO[action];
  const updated = await db
    .updateTable('manuscripts')
    .set({
      status,
      review_code: action === 'offline' ? undefined : reviewCodeFor(status, row.type),
      reject_reason: action === 'reject' ? text : '',
      published_at: action === 'approve' ? now : undefined,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', FROM[action])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(ApiCode.CONFLICT, '稿件状态已变化，请重试');
  return { status };
}
