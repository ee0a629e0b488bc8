/**
 * Drafts and manuscripts (mf-drafts). Lists stay fast for a creator with 100,000 rows:
 * - partial btree indexes on (owner, type[, status], created_at desc, id desc) over live rows serve
 *   each tab in order, so a page reads only its rows (plus the offset's index entries);
 * - trigram GIN indexes serve title search without scanning the creator's rows (pg_trgm);
 * - content_counts keeps the live rows per (owner, kind, type, status), maintained by statement
 *   triggers, so a tab's total is a few-row sum instead of a count over 100,000 rows.
 */
import { type Kysely, sql } from 'kysely';

/**
 * One statement trigger function per table: it adds the live rows a statement inserted, moved or
 * removed to content_counts, grouped, so a bulk insert touches each counter once.
 */
function countsFunction(table: 'drafts' | 'manuscripts') {
  const kind = sql.lit(table === 'drafts' ? 'draft' : 'manuscript');
  // Drafts have no status: their counters use status 0.
  const status = sql.raw(table === 'drafts' ? '0' : 'status');
  const upsert = sql.raw('on conflict (user_id, kind, type, status) do update set count = content_counts.count + excluded.count');
  return sql`
create function ${sql.raw(`${table}_counts_apply`)}() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into content_counts (user_id, kind, type, status, count)
      select user_id, ${kind}, type, s, count(*) from (select user_id, type, ${status} as s from new_rows where deleted_at is null) added group by user_id, type, s
    ${upsert};
  elsif tg_op = 'UPDATE' then
    insert into content_counts (user_id, kind, type, status, count)
      select user_id, ${kind}, type, s, sum(delta) from (
        select user_id, type, ${status} as s, 1 as delta from new_rows where deleted_at is null
        union all
        select user_id, type, ${status} as s, -1 as delta from old_rows where deleted_at is null
      ) changes
      group by user_id, type, s
      having sum(delta) <> 0
    ${upsert};
  else
    insert into content_counts (user_id, kind, type, status, count)
      select user_id, ${kind}, type, s, -count(*) from (select user_id, type, ${status} as s from old_rows where deleted_at is null) gone group by user_id, type, s
    ${upsert};
  end if;
  return null;
end $$`;
}

async function createContentTable(db: Kysely<unknown>, table: 'drafts' | 'manuscripts'): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('global_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2, 3)`))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_urls', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''));
  if (table === 'manuscripts') {
    builder = builder
      .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status in (4, 5, 6, 7, 12, 13)`))
      .addColumn('review_code', 'smallint')
      .addColumn('platforms', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('scheduled_at', 'timestamptz')
      .addColumn('published_at', 'timestamptz');
  }
  await builder
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Soft delete: an operator can restore (admin restore-draft).
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await countsFunction(table).execute(db);
  await sql`create index ${sql.raw(`${table}_owner_created_idx`)} on ${sql.table(table)} (user_id, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index ${sql.raw(`${table}_owner_type_created_idx`)} on ${sql.table(table)} (user_id, type, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index ${sql.raw(`${table}_title_trgm_idx`)} on ${sql.table(table)} using gin (title gin_trgm_ops) where deleted_at is null`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const refs = event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
    await sql`create trigger ${sql.raw(`${table}_counts_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
      referencing ${sql.raw(refs)} for each statement execute function ${sql.raw(`${table}_counts_apply`)}()`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createTable('content_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('draft', 'manuscript')`))
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('content_counts_pk', ['user_id', 'kind', 'type', 'status'])
    .execute();
  await createContentTable(db, 'drafts');
  await createContentTable(db, 'manuscripts');
  await sql`create index manuscripts_owner_type_status_created_idx on manuscripts (user_id, type, status, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('manuscripts').execute();
  await db.schema.dropTable('drafts').execute();
  await sql`drop function if exists manuscripts_counts_apply(), drafts_counts_apply()`.execute(db);
  await db.schema.dropTable('content_counts').execute();
}
