/**
 * Search and lists at a million rows, as users load a server (issue: open-loop bench):
 *
 * - `title_lower`, the lower-cased title, stored (a generated column) on materials, drafts and
 *   manuscripts, and carried in each list's date-ordered index (INCLUDE). A common keyword's page
 *   and capped count are then found by walking that index newest first with `title_lower LIKE`,
 *   index-only, stopping at the rows it needs; the GIN gram index must read a common key's whole
 *   posting list before its first row. `lower(title) LIKE lower(pattern)` is what ILIKE computes
 *   for a multibyte database, without lower-casing every title it passes. The walk indexes replace
 *   the plain date-ordered ones of 0010 and 0030 (same keys, more columns).
 * - `material_day_counts`: the live materials per (owner, type, status, day), owner 0 counting
 *   everyone, kept by the same trigger as `material_counts`. A deep page adds the days from the
 *   newest end until its offset falls inside one, then reads from that day's start: it passes a
 *   day's index entries, not half the list's.
 * - `search_plan`: a keyword's gram keys (search_grams of 0121) and whether they are common enough,
 *   by the gram index's statistics, that walking the list is cheaper than reading their posting
 *   lists, from one read of the statistics.
 */
import { type Kysely, sql } from 'kysely';

const WALK_INDEXES = [
  [
    'materials_public_walk_idx',
    'materials (cm_type, created_at desc, id desc) include (title_lower) where deleted_at is null and cm_check = 2',
    'materials_public_idx',
  ],
  [
    'materials_mine_walk_idx',
    'materials (owner_id, cm_type, created_at desc, id desc) include (cm_check, title_lower) where deleted_at is null',
    'materials_mine_idx',
  ],
  [
    'materials_mine_check_walk_idx',
    'materials (owner_id, cm_type, cm_check, created_at desc, id desc) include (title_lower) where deleted_at is null',
    'materials_mine_check_idx',
  ],
  ['drafts_owner_walk_idx', 'drafts (user_id, created_at desc, id desc) include (type, title_lower) where deleted_at is null', 'drafts_owner_created_idx'],
  [
    'drafts_owner_type_walk_idx',
    'drafts (user_id, type, created_at desc, id desc) include (title_lower) where deleted_at is null',
    'drafts_owner_type_created_idx',
  ],
  [
    'manuscripts_owner_type_walk_idx',
    'manuscripts (user_id, type, created_at desc, id desc) include (status, title_lower) where deleted_at is null',
    'manuscripts_owner_type_created_idx',
  ],
  [
    'manuscripts_owner_status_walk_idx',
    'manuscripts (user_id, type, status, created_at desc, id desc) include (title_lower) where deleted_at is null',
    'manuscripts_owner_type_status_created_idx',
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['materials', 'drafts', 'manuscripts']) {
    await sql`alter table ${sql.table(table)} add column title_lower text generated always as (lower(title)) stored`.execute(db);
  }
  for (const [name, definition, replaced] of WALK_INDEXES) {
    await sql.raw(`create index ${name} on ${definition}`).execute(db);
    await sql.raw(`drop index if exists ${replaced}`).execute(db);
  }

  // n is in the key's index too: a seek reads an owner's ~700 days index-only, where the rows
  // themselves lie one to a page among every owner's.
  await sql`
    create table material_day_counts (
      owner_id integer not null, cm_type integer not null, cm_check integer not null, day date not null, n integer not null,
      constraint material_day_counts_pk primary key (owner_id, cm_type, cm_check, day) include (n))`.execute(db);
  await sql`
    insert into material_day_counts (owner_id, cm_type, cm_check, day, n)
    select owner_id, cm_type, cm_check, (created_at at time zone 'UTC')::date, count(*) from materials where deleted_at is null group by 1, 2, 3, 4
    union all
    select 0, cm_type, cm_check, (created_at at time zone 'UTC')::date, count(*) from materials where deleted_at is null group by 2, 3, 4`.execute(db);
  // The counters of 0030 and the day counters, for one row's owner and for everyone.
  await sql`
    create or replace function material_counts_add(o integer, t integer, c integer, d integer, at timestamptz) returns void language sql as $$
      insert into material_counts as mc (owner_id, cm_type, cm_check, n) values (o, t, c, d), (0, t, c, d)
      on conflict (owner_id, cm_type, cm_check) do update set n = mc.n + excluded.n;
      insert into material_day_counts as dc (owner_id, cm_type, cm_check, day, n)
      values (o, t, c, (at at time zone 'UTC')::date, d), (0, t, c, (at at time zone 'UTC')::date, d)
      on conflict (owner_id, cm_type, cm_check, day) do update set n = dc.n + excluded.n
    $$`.execute(db);
  await sql`
    create or replace function materials_count_trigger() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        perform material_counts_add(old.owner_id, old.cm_type, old.cm_check, -1, old.created_at);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        perform material_counts_add(new.owner_id, new.cm_type, new.cm_check, 1, new.created_at);
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger materials_count on materials`.execute(db);
  await sql`
    create trigger materials_count after insert or delete or update of owner_id, cm_type, cm_check, deleted_at, created_at
    on materials for each row execute function materials_count_trigger()`.execute(db);
  await sql`drop function material_counts_add(integer, integer, integer, integer)`.execute(db);

  // OLTP lists on a few cores: a parallel plan's workers cost more to start than a page costs, and
  // the planner would start them even for a branch its one-time filter then skips.
  for (const table of ['materials', 'drafts', 'manuscripts']) await sql`alter table ${sql.table(table)} set (parallel_workers = 0)`.execute(db);

  // search_grams (0121) and the choice of walk, from one read of the statistics. A walk passes
  // wanted × scope ÷ est index entries (density est ÷ scope), each checked in the index; the gram
  // index rechecks about est rows (the keyword's matches by its keys' frequencies) in the table, about 8 times the
  // cost of an entry. So walk when 8 × est² > wanted × scope. A key the statistics do not list is
  // rarer than any they list: then the gram index.
  await sql`
    create function search_plan(idx text, a integer, b integer, k text, scope bigint, wanted integer)
    returns table (keys text[], walk boolean) language plpgsql stable strict parallel safe as $$
    declare
      every_key text[] := keyword_grams(a, b, k);
      elems text[];
      freqs real[];
      all_listed boolean;
      share real;
      index_rows real;
    begin
      select s.most_common_elems::text::text[], s.most_common_elem_freqs into elems, freqs
        from pg_stats s where s.schemaname = current_schema() and s.tablename = idx limit 1;
      if elems is null or cardinality(every_key) = 0 then
        keys := every_key;
        walk := false;
        return next;
        return;
      end if;
      -- most_common_elem_freqs ends with the least frequency listed: what an unlisted key is taken for.
      -- The keyword's share of the rows: its distinct keys' frequencies multiplied, as if independent
      -- (keys that go together make this an underestimate, which errs toward the gram index).
      select coalesce(array_agg(key order by ord) filter (where f <= 4 * lowest), every_key), bool_and(listed),
             exp(sum(ln(greatest(f, 1e-9))) filter (where first))
        into keys, all_listed, share
        from (select key, ord, f, listed, min(f) over () as lowest, row_number() over (partition by key order by ord) = 1 as first
              from (select key, ord, array_position(elems, key) is not null as listed,
                           coalesce(freqs[array_position(elems, key)], freqs[cardinality(elems) + 1]) as f
                    from unnest(every_key) with ordinality as u(key, ord)) as known) as ranked;
      if cardinality(every_key) <= 1 then keys := every_key; end if;
      select reltuples into index_rows from pg_class where oid = to_regclass(idx);
      walk := all_listed and coalesce(index_rows, 0) > 0 and 8 * (share * index_rows) ^ 2 > wanted::real * scope;
      return next;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists search_plan(text, integer, integer, text, bigint, integer)`.execute(db);
  for (const table of ['materials', 'drafts', 'manuscripts']) await sql`alter table ${sql.table(table)} reset (parallel_workers)`.execute(db);
  await sql`drop trigger materials_count on materials`.execute(db);
  await sql`drop function materials_count_trigger()`.execute(db);
  await sql`drop function material_counts_add(integer, integer, integer, integer, timestamptz)`.execute(db);
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
  await sql`drop table material_day_counts`.execute(db);
  for (const [name, definition, replaced] of WALK_INDEXES) {
    await sql.raw(`create index ${replaced} on ${definition.replace(/ include \([^)]*\)/, '')}`).execute(db);
    await sql.raw(`drop index ${name}`).execute(db);
  }
  for (const table of ['materials', 'drafts', 'manuscripts']) await sql`alter table ${sql.table(table)} drop column title_lower`.execute(db);
}
