/**
 * The drafts' title grams per tab (issue: search and lists at a million rows). The drafts' gram index
 * of 0101 is scoped by owner alone, for the 全部 tab; a search in a tab (图文, 视频 …) asked it for the
 * owner's matches in every tab and dropped the other tabs' rows after reading them. Its statistics
 * could not see the tab either: a keyword common in the creator's other tabs but rare in the one shown
 * looked common to `search_plan` (0140), which chose to walk the tab's date-ordered index, and the walk
 * passed the whole tab for one match (乡村 in 图文: 50,000 index entries). The gram index the other way
 * would have rechecked every match of the other tabs in the table.
 *
 * `drafts_owner_type_grams_idx` is scoped by owner and type, as the manuscripts' index is: a tab's
 * search asks it for "<owner>/<type>/<gram>" keys and gets only that tab's matches, and its statistics
 * give the keyword's frequency in that tab, so the choice between walk and gram index is made on the
 * tab's own numbers. The 全部 tab keeps the owner's index. ANALYZE gives the new index its statistics
 * at once: until then `search_plan` would read it for every keyword, common ones included.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index drafts_owner_type_grams_idx on drafts using gin (scoped_grams(user_id, type, title)) where deleted_at is null`.execute(db);
  await sql`analyze drafts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists drafts_owner_type_grams_idx`.execute(db);
}
