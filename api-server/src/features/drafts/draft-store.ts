/** Draft queries: the owner's live drafts, a page at a time, and soft deletion. */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { ApiCode, type Draft, type DraftDetail } from 'shared-sdk/contract';
import type { DraftRow } from '../../db/content-tables';
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

export interface DraftQuery {
  userId: number;
  type: number;
  page: number;
  size: number;
  title: string;
}

export function toDraft(row: Pick<DraftRow, 'id' | 'global_id' | 'type' | 'title' | 'cover_urls' | 'created_at'>): Draft {
  return {
    nd_id: row.id,
    global_id: row.global_id,
    nd_type: row.type,
    nd_title: row.title,
    nd_cover_url: row.cover_urls,
    nd_create_time: formatTime(row.created_at),
  };
}

/**
 * The gram index a tab's search reads: the 全部 tab (type 0) the owner's (0101_scoped_title_grams), any
 * other the owner's of that type (0160_draft_tab_grams), whose keys and statistics are the tab's own.
 * `indexed` is the index's expression, as written there; its scope values are (owner, `b`).
 */
function tabGrams(type: number): { index: string; b: number; indexed: RawBuilder<unknown> } {
  return type
    ? { index: 'drafts_owner_type_grams_idx', b: type, indexed: sql`scoped_grams(user_id, type, title)` }
    : { index: 'drafts_owner_grams_idx', b: 0, indexed: sql`scoped_grams(user_id, 0, title)` };
}

/** The owner's live drafts of the tab; with a keyword, those whose title holds it (`grams`: found on the tab's gram index). */
function liveDrafts(db: Db, q: Pick<DraftQuery, 'userId' | 'type' | 'title'>, grams = true) {
  let query = db.selectFrom('drafts').where('user_id', '=', q.userId).where('deleted_at', 'is', null);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.title) {
    // The tab's title grams (`tabGrams`) find the candidates; ILIKE rechecks them.
    if (grams) query = query.where(hasPlannedKeys(tabGrams(q.type).indexed));
    query = query.where(titleHolds(q.title));
  }
  return query;
}

/** One page, newest first (`readPage`); without a keyword the total is exact and cheap (counters). */
export async function searchDrafts(db: Db, q: DraftQuery): Promise<{ returnData: Draft[]; count: number; capped: boolean }> {
  const grams = tabGrams(q.type);
  const source: PageSource = q.title
    ? { search: titleSearch((withGrams) => liveDrafts(db, q, withGrams), grams.index, q.userId, grams.b, q.title, draftCounters(db, q).select(TOTAL)) }
    : { counted: draftCounters(db, q).select(TOTAL), ids: liveDrafts(db, q).select('id'), days: dayCounts(draftCounters(db, q, 'content_day_counts')) };
  const { rows, count, capped } = await readPage(
    db,
    (ids) => db.selectFrom('drafts').select(['id', 'global_id', 'type', 'title', 'cover_urls', 'created_at']).where('id', 'in', ids),
    source,
    q,
  );
  return { returnData: rows.map(toDraft), count, capped };
}

/** The tab's live drafts, from the trigger-kept counters (per day: `content_day_counts`, 0141). */
function draftCounters(db: Db, q: Pick<DraftQuery, 'userId' | 'type'>, table: 'content_counts' | 'content_day_counts' = 'content_counts') {
  let query = db.selectFrom(table).where('user_id', '=', q.userId).where('kind', '=', 'draft');
  if (q.type) query = query.where('type', '=', q.type);
  return query;
}

/** The caller's live draft, or a refusal saying whether it is missing or someone else's. */
export async function findOwnDraft(db: Db, userId: number, id: number): Promise<DraftRow> {
  const row = await db.selectFrom('drafts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.DRAFT_NOT_FOUND);
  if (row.user_id !== userId) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.DRAFT_NOT_YOURS);
  return row;
}

/** The draft as its detail page and its writing screen read it; the body allow-listed again on the way out. */
export async function toDraftDetail(db: Db, row: DraftRow): Promise<DraftDetail> {
  return {
    ...toDraft(row),
    nd_content: sanitizeEditorHtml(row.body),
    nd_update_time: formatTime(row.updated_at),
    nd_version: row.version,
    nd_manuscript_id: row.manuscript_id,
    nd_editor: await editorFieldsOf(db, row),
  };
}

/**
 * Soft-deletes the caller's drafts, all or none: one id that is missing, already deleted or someone
 * else's refuses the whole call. global_ids, when sent, must name the same drafts in the same order.
 */
export async function deleteDrafts(db: Db, userId: number, ids: number[], globalIds: string[] | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('drafts')
      .select(['id', 'user_id', 'global_id'])
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (rows.some((row) => row.user_id !== userId)) throw new ApiError(ApiCode.FORBIDDEN, DRAFT_MESSAGES.DRAFT_NOT_YOURS);
    if (rows.length !== ids.length) throw new ApiError(ApiCode.NOT_FOUND, DRAFT_MESSAGES.DRAFT_NOT_FOUND);
    if (globalIds && globalIds.some((globalId, index) => byId.get(ids[index] ?? 0)?.global_id !== globalId)) {
      throw new ApiError(ApiCode.INVALID_PARAMS, DRAFT_MESSAGES.BAD_GLOBAL_IDS);
    }
    const now = new Date();
    await tx.updateTable('drafts').set({ deleted_at: now, updated_at: now }).where('id', 'in', ids).where('user_id', '=', userId).execute();
  });
}
