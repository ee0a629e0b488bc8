/**
 * The writing screens (features/editor): collections (4) and posts (5) join articles, videos and
 * galleries in drafts and manuscripts; each kind's own fields get columns; drafts get a version
 * (optimistic concurrency of `POST /api/article/add`) and keep their last 50 versions in
 * draft_versions; manuscripts get the operator's rejection reason; the scheduler finds due
 * manuscripts through a partial index on scheduled_at over 定时发布 (12) rows.
 * content_counts has no type check: its counters take the new kinds as they are.
 */
import { type Kysely, sql } from 'kysely';

async function addKindColumns(db: Kysely<unknown>, table: 'drafts' | 'manuscripts'): Promise<void> {
  await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_type_check`)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_type_check`)} check (type in (1, 2, 3, 4, 5))`.execute(db);
  await db.schema
    .alterTable(table)
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_mode', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`cover_mode in (0, 1, 3)`),
    )
    .addColumn('original', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_poster', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_vid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('cover_index', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('item_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addKindColumns(db, 'drafts');
  await addKindColumns(db, 'manuscripts');
  await db.schema
    .alterTable('drafts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // The manuscript a draft edits: publishing it updates that manuscript instead of adding one.
    .addColumn('manuscript_id', 'integer', (c) => c.references('manuscripts.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('manuscripts')
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index manuscripts_scheduled_due_idx on manuscripts (scheduled_at) where status = 12 and deleted_at is null`.execute(db);
  await db.schema
    .createTable('draft_versions')
    .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // The whole EditorDocument of shared-sdk/contract as saved (content already sanitized).
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('draft_versions_pk', ['draft_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('draft_versions').execute();
  await sql`drop index manuscripts_scheduled_due_idx`.execute(db);
  await db.schema.alterTable('manuscripts').dropColumn('reject_reason').execute();
  await db.schema.alterTable('drafts').dropColumn('version').dropColumn('manuscript_id').execute();
  for (const table of ['drafts', 'manuscripts'] as const) {
    await sql`delete from ${sql.table(table)} where type > 3`.execute(db);
    let alter = db.schema.alterTable(table).dropColumn('summary');
    for (const column of ['cover_mode', 'original', 'video_url', 'video_poster', 'video_vid', 'images', 'cover_index', 'item_ids'])
      alter = alter.dropColumn(column);
    await alter.execute();
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_type_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_type_check`)} check (type in (1, 2, 3))`.execute(db);
  }
}
