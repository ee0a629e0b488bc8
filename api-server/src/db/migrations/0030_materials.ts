/**
 * Materials (docs/product.md §3): the library, its tags, the action log and the usage rows, plus what keeps the
 * list fast at a million rows (docs: api-server/src/features/materials/README.md):
 * - one composite index per filter order (mine by type, mine by type + status, public approved);
 * - `material_grams(title)`: a GIN index over the title's 1- and 2-character grams, so a keyword
 *   search (Chinese keywords are mostly 2 characters, too short for pg_trgm) never scans the table;
 * - `material_counts`: per (owner, type, status) counters kept by a trigger (owner 0 = everyone),
 *   so the unfiltered totals never count rows.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('materials')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cm_type', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`cm_type in (1, 2, 3)`),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('describe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('object_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cm_check', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`cm_check in (1, 2, 3, 4)`),
    )
    .addColumn('audit_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  // Every list is "newest first" within its filters; id breaks ties so pages never overlap.
  await sql`create index materials_mine_idx on materials (owner_id, cm_type, created_at desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index materials_mine_check_idx on materials (owner_id, cm_type, cm_check, created_at desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index materials_public_idx on materials (cm_type, created_at desc, id desc) where deleted_at is null and cm_check = 2`.execute(db);

  // 1- and 2-grams of the lower-cased title. IMMUTABLE, so it can back an expression index.
  await sql`
    create function material_grams(t text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct g), '{}'::text[]) from (
        select substr(lower(t), i, 1) as g from generate_series(1, char_length(t)) as i
        union all
        select substr(lower(t), i, 2) from generate_series(1, char_length(t) - 1) as i
      ) as grams
    $$`.execute(db);
  await sql`create index materials_title_grams_idx on materials using gin (material_grams(title)) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('material_counts')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('cm_type', 'integer', (c) => c.notNull())
    .addColumn('cm_check', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('material_counts_pk', ['owner_id', 'cm_type', 'cm_check'])
    .execute();
  await sql`
    create function material_counts_add(o integer, t integer, c integer, d integer) returns void language sql as $$
      insert into material_counts as mc (owner_id, cm_type, cm_check, n) values (o, t, c, d), (0, t, c, d)
      on conflict (owner_id, cm_type, cm_check) do update set n = mc.n + excluded.n
    $$`.execute(db);
  await sql`
    create function materials_count_trigger() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        perform material_counts_add(old.owner_id, old.cm_type, old.cm_check, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        perform material_counts_add(new.owner_id, new.cm_type, new.cm_check, 1);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger materials_count after insert or delete or update of owner_id, cm_type, cm_check, deleted_at
    on materials for each row execute function materials_count_trigger()`.execute(db);

  await db.schema
    .createTable('labels')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index labels_name_idx on labels (lower(name))`.execute(db);
  await sql`create index labels_name_grams_idx on labels using gin (material_grams(name))`.execute(db);

  await db.schema
    .createTable('material_labels')
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('material_labels_pk', ['material_id', 'label_id'])
    .execute();

  await db.schema
    .createTable('material_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('behavior', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('material_logs_material_idx').on('material_logs').columns(['material_id', 'created_at']).execute();

  await db.schema
    .createTable('material_usages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nm_type', 'integer', (c) => c.notNull())
    .addColumn('nm_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('material_usages_material_idx').on('material_usages').columns(['material_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['material_usages', 'material_logs', 'material_labels', 'labels', 'material_counts', 'materials']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists materials_count_trigger()`.execute(db);
  await sql`drop function if exists material_counts_add(integer, integer, integer, integer)`.execute(db);
  await sql`drop function if exists material_grams(text)`.execute(db);
}
