/**
 * Digitised newspapers: one issue per paper and day, pointing at the import whose pages readers see.
 * Re-importing an issue inserts the new pages under a new import id and moves the pointer in the same
 * transaction, so a reader sees the old complete set or the new one, never a mix.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newspaper_issues')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type between 1 and 8`))
    // 'YYYY-MM-DD' as text: the calendar day of the issue, free of time-zone conversions by drivers.
    .addColumn('issue_date', 'text', (c) => c.notNull().check(sql`issue_date ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('newspaper_issues_type_date_key', ['type', 'issue_date'])
    .execute();

  await db.schema
    .createTable('newspaper_pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('newspaper_issues.id').onDelete('cascade'))
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('page_no', 'integer', (c) => c.notNull().check(sql`page_no >= 1`))
    .addColumn('pdf_key', 'text', (c) => c.notNull())
    .addColumn('img_key', 'text', (c) => c.notNull())
    .addUniqueConstraint('newspaper_pages_import_page_key', ['issue_id', 'import_id', 'page_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newspaper_pages').execute();
  await db.schema.dropTable('newspaper_issues').execute();
}
