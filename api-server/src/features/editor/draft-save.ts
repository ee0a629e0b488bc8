/**
 * Saving a draft with optimistic concurrency: every save names the version it was based on; the
 * row is locked, a stale base is refused with the server's current version (never overwritten),
 * otherwise the draft takes the next version and the version is kept in draft_versions (the last
 * EDITOR_LIMITS.VERSIONS_KEPT of them). Checking (`checkDraftSave`) and writing (`writeDraft`) are
 * two steps so that publishing can refuse in between without anything written.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ApiCode,
  EDITOR_LIMITS,
  EDITOR_MESSAGES,
  EditorCode,
  type EditorDocument,
  type VersionConflictData,
  htmlToText,
  manuscriptActions,
} from 'shared-sdk/contract';
import type { DraftRow } from '../../db/content-tables';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { formatTime } from '../../lib/china-time';
import { DRAFT_MESSAGES } from '../drafts/draft-lists';
import { documentColumns, documentOfRow } from './document';

export type Tx = Transaction<Database> | Kysely<Database>;

/**
 * The 1020 refusal of a save or a restore (a stale base_version): the server's current version, for
 * the editor to choose. Its data is the calls' declared `refusal` (the contract's VersionConflict);
 * the error handler answers it as `{code: 1020, msg, data}`, and the transaction it is thrown in
 * writes nothing.
 */
export class VersionConflict extends ApiError {
  declare readonly data: VersionConflictData;

  constructor(data: VersionConflictData) {
    super(EditorCode.VERSION_CONFLICT, EDITOR_MESSAGES.VERSION_CONFLICT, 200, data);
    this.name = 'VersionConflict';
  }
}

export interface DraftTarget {
  userId: number;
  draftId?: number;
  baseVersion?: number;
  manuscriptId?: number;
}

/** Locks the caller's draft for the save, refusing a missing one (1004), a foreign one (1003) and a stale base (1020). */
export async function lockDraftForSave(tx: Tx, target: DraftTarget, type: number): Promise<DraftRow> {
  const row = await tx
    .selectFrom('drafts')
    .selectAll()
    .where('id', '=', target.draftId ?? 0)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.DRAFT_NOT_FOUND);
  if (row.user_id !== target.userId) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.DRAFT_NOT_YOURS);
  if (target.baseVersion === undefined) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：缺少 base_version');
  if (target.baseVersion !== row.version) {
    throw new VersionConflict({ draft_id: row.id, version: row.version, update_time: formatTime(row.updated_at) });
  }
  if (row.type !== type) throw new ApiError(ApiCode.INVALID_PARAMS, '草稿类型与编辑页不符');
  return row;
}

/**
 * The manuscript a save or a publish edits, locked until the transaction ends: refused when gone
 * (1004), someone else's (1003), of another kind than the editor's, or in review (1009).
 */
export async function lockEditableManuscript(tx: Tx, userId: number, manuscriptId: number, type: number): Promise<{ item_ids: number[] }> {
  const row = await tx
    .selectFrom('manuscripts')
    .select(['user_id', 'status', 'type', 'item_ids'])
    .where('id', '=', manuscriptId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.MANUSCRIPT_NOT_FOUND);
  if (row.user_id !== userId) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.MANUSCRIPT_NOT_YOURS);
  if (row.type !== type) throw new ApiError(ApiCode.INVALID_PARAMS, '稿件类型与编辑页不符');
  if (!manuscriptActions(row.status).edit) throw new ApiError(ApiCode.CONFLICT, '审核中的稿件不能修改');
  return { item_ids: row.item_ids };
}

async function keepVersion(tx: Tx, draftId: number, version: number, doc: EditorDocument, now: Date): Promise<void> {
  await tx
    .insertInto('draft_versions')
    .values({
      draft_id: draftId,
      version,
      title: doc.title || documentColumns(doc, htmlToText(doc.content)).title,
      size: doc.content.length,
      document: JSON.stringify(doc),
      created_at: now,
    })
    .execute();
  await tx
    .deleteFrom('draft_versions')
    .where('draft_id', '=', draftId)
    .where('version', '<=', version - EDITOR_LIMITS.VERSIONS_KEPT)
    .execute();
}

export interface SavedDraft {
  id: number;
  version: number;
  updatedAt: Date;
  manuscriptId: number | null;
}

/**
 * A save that passed every refusal and has not written anything yet: the locked draft it updates
 * (null for a new draft) and the manuscript the draft edits. Publishing runs its own refusals between
 * the two steps, so a refused publish writes nothing (`save-route.ts`).
 */
export interface CheckedSave {
  target: DraftTarget;
  row: DraftRow | null;
  manuscriptId: number | null;
  /** The manuscript was locked and checked by this save already (a new draft editing it). */
  manuscriptChecked: boolean;
  /** The works the stored draft lists (for a new draft, the manuscript it edits): they may stay even if deleted since (`checkCollectionItems`). */
  listedItems: readonly number[];
}

/** The refusals of any save: a missing, foreign or stale draft (1004, 1003, 1020), or a manuscript in review (1009). */
export async function checkDraftSave(tx: Tx, target: DraftTarget, doc: EditorDocument): Promise<CheckedSave> {
  if (target.draftId !== undefined) {
    const row = await lockDraftForSave(tx, target, doc.type);
    return { target, row, manuscriptId: row.manuscript_id, manuscriptChecked: false, listedItems: row.item_ids };
  }
  if (target.manuscriptId === undefined) return { target, row: null, manuscriptId: null, manuscriptChecked: false, listedItems: [] };
  const edited = await lockEditableManuscript(tx, target.userId, target.manuscriptId, doc.type);
  return { target, row: null, manuscriptId: target.manuscriptId, manuscriptChecked: true, listedItems: edited.item_ids };
}

/**
 * Writes the document as the draft's next version (or a new draft at version 1). A save identical
 * to the current version changes nothing and answers that version, so idle autosaves do not push
 * real versions out of the history.
 */
export async function writeDraft(tx: Tx, checked: CheckedSave, doc: EditorDocument, now: Date): Promise<SavedDraft> {
  const columns = documentColumns(doc, htmlToText(doc.content));
  const { row, target, manuscriptId } = checked;
  if (row) {
    if (JSON.stringify(documentOfRow(row)) === JSON.stringify(doc)) {
      return { id: row.id, version: row.version, updatedAt: row.updated_at, manuscriptId };
    }
    const version = row.version + 1;
    await tx
      .updateTable('drafts')
      .set({ ...columns, version, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await keepVersion(tx, row.id, version, doc, now);
    return { id: row.id, version, updatedAt: now, manuscriptId };
  }
  const inserted = await tx
    .insertInto('drafts')
    .values({ ...columns, global_id: randomUUID(), user_id: target.userId, version: 1, manuscript_id: manuscriptId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await keepVersion(tx, inserted.id, 1, doc, now);
  return { id: inserted.id, version: 1, updatedAt: now, manuscriptId };
}

/** Checks and writes a draft save in one go (no publishing in between). */
export async function saveDraft(tx: Tx, target: DraftTarget, doc: EditorDocument, now: Date): Promise<SavedDraft> {
  return writeDraft(tx, await checkDraftSave(tx, target, doc), doc, now);
}
