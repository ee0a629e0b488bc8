/** Manuscript queries: the owner's works by type and status filter, withdrawal and soft deletion. */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  ApiCode,
  EditorKind,
  type Manuscript,
  type ManuscriptDetail,
  ManuscriptStatus,
  type ManuscriptWithdrawAnswer,
  type WithdrawTarget,
  manuscriptActions,
} from 'shared-sdk/contract';
import type { ManuscriptRow } from '../../db/content-tables';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { sanitizeEditorHtml } from '../../lib/html-sanitizer';
import { editorFieldsOf } from '../editor/editor-fields';
import { formatTime } from '../../lib/china-time';
import { titleHolds } from '../../lib/keyword';
import type { PageSource } from '../../lib/list-page';
import { hasPlannedKeys } from '../../lib/paging';
import { DRAFT_MESSAGES, TOTAL, dayCounts, readPage, titleSearch } from './draft-lists';

type Db = Kysely<Database>;

export interface ManuscriptQuery {
  userId: number;
  type: number;
  /** Stored states to show; null for all. */
  statuses: readonly number[] | null;
  page: number;
  size: number;
  title: string;
}

type ListedRow = Pick<
  ManuscriptRow,
  'id' | 'global_id' | 'type' | 'title' | 'cover_urls' | 'status' | 'review_code' | 'platforms' | 'created_at' | 'published_at' | 'scheduled_at'
>;

export function toManuscript(row: ListedRow): Manuscript {
  return {
    nm_id: row.id,
    global_id: row.global_id,
    nm_type: row.type,
    nm_title: row.title,
    nm_cover_url: row.cover_urls,
    nm_status: row.status,
    nm_review_code: row.review_code,
    nm_platforms: row.platforms,
    nm_create_time: formatTime(row.created_at),
    nm_publish_time: formatTime(row.published_at),
    nm_scheduled_time: formatTime(row.scheduled_at),
  };
}

/** The owner's live manuscripts of the type and statuses; with a keyword as for drafts (`grams`: on the gram index). */
function liveManuscripts(db: Db, q: Omit<ManuscriptQuery, 'page' | 'size'>, grams = true) {
  let query = db.selectFrom('manuscripts').where('user_id', '=', q.userId).where('type', '=', q.type).where('deleted_at', 'is', null);
  if (q.statuses) query = query.where('status', 'in', q.statuses);
  if (q.title) {
    // The owner's grams of this type (0101_scoped_title_grams) find the candidates; ILIKE rechecks them.
    if (grams) query = query.where(hasPlannedKeys(sql`scoped_grams(user_id, type, title)`));
    query = query.where(titleHolds(q.title));
  }
  return query;
}

/** One page, newest first (`readPage`), as for drafts. */
export async function listManuscripts(db: Db, q: ManuscriptQuery): Promise<{ returnData: Manuscript[]; count: number; capped: boolean }> {
  const source: PageSource = q.title
    ? {
        search: titleSearch(
          (grams) => liveManuscripts(db, q, grams),
          'manuscripts_owner_grams_idx',
          q.userId,
          q.type,
          q.title,
          manuscriptCounters(db, q).select(TOTAL),
        ),
      }
    : {
        counted: manuscriptCounters(db, q).select(TOTAL),
        ids: liveManuscripts(db, q).select('id'),
        days: dayCounts(manuscriptCounters(db, q, 'content_day_counts')),
      };
  const { rows, count, capped } = await readPage(
    db,
    (ids) =>
      db
        .selectFrom('manuscripts')
        .select(['id', 'global_id', 'type', 'title', 'cover_urls', 'status', 'review_code', 'platforms', 'created_at', 'published_at', 'scheduled_at'])
        .where('id', 'in', ids),
    source,
    q,
  );
  return { returnData: rows.map(toManuscript), count, capped };
}

/** The type's live manuscripts in the statuses shown, from the trigger-kept counters (per day: 0141). */
function manuscriptCounters(db: Db, q: ManuscriptQuery, table: 'content_counts' | 'content_day_counts' = 'content_counts') {
  let query = db.selectFrom(table).where('user_id', '=', q.userId).where('kind', '=', 'manuscript').where('type', '=', q.type);
  if (q.statuses) query = query.where('status', 'in', q.statuses);
  return query;
}

export async function findOwnManuscript(db: Db, userId: number, id: number): Promise<ManuscriptRow> {
  const row = await db.selectFrom('manuscripts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.MANUSCRIPT_NOT_FOUND);
  if (row.user_id !== userId) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.MANUSCRIPT_NOT_YOURS);
  return row;
}

/** The manuscript's detail: sanitized body, the operator's reason when 未通过, and the editor fields. */
export async function toManuscriptDetail(db: Db, row: ManuscriptRow): Promise<ManuscriptDetail> {
  return {
    ...toManuscript(row),
    nm_content: sanitizeEditorHtml(row.body),
    nm_update_time: formatTime(row.updated_at),
    nm_reject_reason: row.reject_reason,
    nm_editor: await editorFieldsOf(db, row),
  };
}

/**
 * The author's drafts editing these manuscripts, locked before the manuscripts themselves: saving or
 * publishing such a draft locks the draft and then its manuscript, and taking the locks in the same
 * order keeps the two from deadlocking.
 */
async function lockEditingDrafts(tx: Db, userId: number, ids: number[]): Promise<void> {
  await tx.selectFrom('drafts').select('id').where('manuscript_id', 'in', ids).where('user_id', '=', userId).forUpdate().execute();
}

/**
 * A draft that was editing a manuscript that leaves the library (deleted, or withdrawn to the drafts)
 * keeps its text and becomes a draft of its own: publishing it makes a new manuscript (it would
 * otherwise be refused for ever as editing a manuscript that is gone).
 */
async function unlinkEditingDrafts(tx: Db, userId: number, ids: number[]): Promise<void> {
  await tx.updateTable('drafts').set({ manuscript_id: null }).where('manuscript_id', 'in', ids).where('user_id', '=', userId).execute();
}

/** All or none: a missing, foreign or in-review manuscript refuses the whole call. */
export async function deleteManuscripts(db: Db, userId: number, ids: number[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockEditingDrafts(tx, userId, ids);
    // Collections before works, then by id: the order a collection's publish locks them in (`checkCollectionItems`).
    const rows = await tx
      .selectFrom('manuscripts')
      .select(['id', 'user_id', 'status'])
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy(sql`type = ${EditorKind.COLLECTION}`, 'desc')
      .orderBy('id')
      .forUpdate()
      .execute();
    if (rows.some((row) => row.user_id !== userId)) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.MANUSCRIPT_NOT_YOURS);
    if (rows.length !== ids.length) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.MANUSCRIPT_NOT_FOUND);
    if (rows.some((row) => !manuscriptActions(row.status).delete)) throw new ApiError(ApiCode.CONFLICT, DRAFT_MESSAGES.IN_REVIEW);
    const now = new Date();
    await tx.updateTable('manuscripts').set({ deleted_at: now, updated_at: now }).where('id', 'in', ids).execute();
    await unlinkEditingDrafts(tx, userId, ids);
  });
}

/**
 * Takes a scheduled manuscript off the schedule: either it stays, visible only to its author
 * (仅我可见), or it goes back to the drafts as a new draft and leaves the library (soft-deleted).
 */
export async function withdrawManuscript(db: Db, userId: number, id: number, to: WithdrawTarget): Promise<ManuscriptWithdrawAnswer> {
  return db.transaction().execute(async (tx) => {
    if (to !== 'private') await lockEditingDrafts(tx, userId, [id]);
    const row = await tx.selectFrom('manuscripts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.MANUSCRIPT_NOT_FOUND);
    if (row.user_id !== userId) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.MANUSCRIPT_NOT_YOURS);
    if (!manuscriptActions(row.status).withdraw) throw new ApiError(ApiCode.CONFLICT, DRAFT_MESSAGES.NOT_SCHEDULED);
    const now = new Date();
    if (to === 'private') {
      await tx.updateTable('manuscripts').set({ status: ManuscriptStatus.PRIVATE, scheduled_at: null, updated_at: now }).where('id', '=', id).execute();
      return { nm_status: ManuscriptStatus.PRIVATE, nd_id: null };
    }
    const draft = await tx
      .insertInto('drafts')
      .values({
        global_id: randomUUID(),
        user_id: userId,
        type: row.type,
        title: row.title,
        cover_urls: JSON.stringify(row.cover_urls),
        body: row.body,
        // The kind's own fields (0050_editor) go back with it.
        summary: row.summary,
        cover_mode: row.cover_mode,
        original: row.original,
        video_url: row.video_url,
        video_poster: row.video_poster,
        video_vid: row.video_vid,
        images: JSON.stringify(row.images),
        cover_index: row.cover_index,
        item_ids: JSON.stringify(row.item_ids),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('manuscripts').set({ deleted_at: now, updated_at: now, scheduled_at: null }).where('id', '=', id).execute();
    await unlinkEditingDrafts(tx, userId, [id]);
    return { nm_status: null, nd_id: draft.id };
  });
}
