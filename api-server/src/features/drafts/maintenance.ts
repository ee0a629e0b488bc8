/**
 * Refreshes planner statistics and the visibility map of the content tables after a bulk load (what
 * autovacuum does on PostgreSQL in time; PGlite has no autovacuum). Deep pages rely on index-only
 * scans, which the visibility map makes cheap.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export async function analyzeContentTables(db: Kysely<Database>): Promise<void> {
  for (const table of ['drafts', 'manuscripts', 'content_counts']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
