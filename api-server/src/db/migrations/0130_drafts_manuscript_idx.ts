/**
 * The drafts that edit a manuscript, found by it: deleting a manuscript unlinks them
 * (features/drafts/manuscript-store.ts), which without this index read all of the author's drafts.
 * Partial: most drafts edit no manuscript.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index drafts_manuscript_idx on drafts (manuscript_id) where manuscript_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists drafts_manuscript_idx`.execute(db);
}
