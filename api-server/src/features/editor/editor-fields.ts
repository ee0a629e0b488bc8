/**
 * The editor's fields of a stored draft or manuscript (EditorFields of the contract), added to the
 * draft and manuscript detail answers so the writing screens can reopen them; a collection's items
 * come with their titles and whether they are still my published works.
 */
import type { Kysely } from 'kysely';
import { type CollectionItem, type EditorFields, ManuscriptStatus } from 'shared-sdk/contract';
import type { DraftRow, ManuscriptRow } from '../../db/content-tables';
import type { Database } from '../../db/schema';
import { documentOfRow } from './document';

export async function collectionItems(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<CollectionItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('manuscripts')
    .select(['id', 'user_id', 'type', 'title', 'cover_urls', 'status', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.filter((row) => row.user_id === userId).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) return { nm_id: id, nm_type: 0, nm_title: '', nm_cover_url: [], available: false };
    return {
      nm_id: id,
      nm_type: row.type,
      nm_title: row.title,
      nm_cover_url: row.cover_urls,
      available: row.deleted_at === null && row.status === ManuscriptStatus.PUBLISHED,
    };
  });
}

export async function editorFieldsOf(db: Kysely<Database>, row: DraftRow | ManuscriptRow): Promise<EditorFields> {
  const doc = documentOfRow(row);
  return {
    summary: doc.summary,
    cover_mode: doc.cover_mode,
    original: doc.original,
    video: doc.video,
    images: doc.images,
    cover_index: doc.cover_index,
    item_ids: doc.item_ids,
    items: await collectionItems(db, row.user_id, doc.item_ids),
  };
}
