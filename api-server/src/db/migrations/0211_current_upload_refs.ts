/**
 * Which uploaded objects a CURRENT record names (features/storage-sweep), replacing "ever named"
 * (0170): deleting a material, or a draft dropping an image, now lets the object go once no row has
 * named it for ORPHAN_EXPIRY_DAYS, so it stops counting for its creator's quota.
 *
 * `upload_ref_rows` holds one row per (name, table, row) a live row names: row triggers on every
 * table of UPLOAD_REFERENCE_COLUMNS (insert, update of the address columns or of `deleted_at`,
 * delete) replace a row's names in the saving transaction. A soft-deleted row (`deleted_at` set)
 * names nothing. When a name's last row goes, `upload_refs.released_at` is set: the sweep may claim
 * it once that is older than the expiry and still no row names it.
 *
 * The race guarantee of 0170 holds: a save naming an object upserts its `upload_refs` row
 * (`released_at` back to null) and is refused (UR001) if a sweep claimed it; the sweep claims a
 * released name by an UPDATE that requires `released_at` older than the expiry, so of the two the
 * row lock orders them: a save first leaves `released_at` null and the claim matches nothing.
 *
 * The draft history (`draft_versions`) keeps naming what its versions show while its draft exists
 * (a soft-deleted draft's versions too): a restore must find its images.
 */
import { type Kysely, sql } from 'kysely';
import { UPLOAD_REFERENCE_COLUMNS } from './0170_upload_references';

/** Each table's primary key columns: a row's id in `upload_ref_rows` is their values joined by `:`. */
const PRIMARY_KEYS: Record<string, readonly string[]> = {
  users: ['id'],
  drafts: ['id'],
  manuscripts: ['id'],
  draft_versions: ['draft_id', 'version'],
  materials: ['id'],
  certifications: ['id'],
  dramas: ['id'],
  drama_episodes: ['id'],
};
/** Tables whose rows are soft-deleted: such a row names nothing. */
const SOFT_DELETED = new Set(['drafts', 'manuscripts', 'materials']);

const columnOf = (spec: string): string => spec.replace(/^vid:/, '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_refs add column released_at timestamptz`.execute(db);
  await sql`
    create table upload_ref_rows (
      name text not null,
      tbl text not null,
      row_id text not null,
      primary key (name, tbl, row_id)
    )`.execute(db);
  await sql`create index upload_ref_rows_row_idx on upload_ref_rows (tbl, row_id)`.execute(db);

  // The names a row holds (none when soft-deleted); args: the primary key columns ('a+b'), then the specs of 0170.
  await sql`
    create function upload_ref_row_names(doc jsonb, specs text[]) returns text[] language plpgsql immutable as $$
    declare
      spec text;
      value text;
      names text[] := '{}';
    begin
      if doc ? 'deleted_at' and doc ->> 'deleted_at' is not null then return names; end if;
      foreach spec in array specs loop
        if spec like 'vid:%' then
          value := doc ->> substr(spec, 5);
          if value ~ '^[0-9a-f]{32}$' then names := names || value; end if;
        else
          value := doc ->> spec;
          if value is not null and value <> '' then names := names || array(select upload_ref_names(value)); end if;
        end if;
      end loop;
      return array(select distinct unnest(names));
    end $$`.execute(db);

  await sql`
    create function upload_refs_track() returns trigger language plpgsql as $$
    declare
      pk text[] := string_to_array(tg_argv[0], '+');
      specs text[] := tg_argv[1:];
      doc jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
      rid text;
      names text[] := '{}';
      gone text[];
    begin
      select string_agg(doc ->> u.c, ':' order by u.i) into rid from unnest(pk) with ordinality as u(c, i);
      if tg_op <> 'DELETE' then names := upload_ref_row_names(doc, specs); end if;
      with removed as (
        delete from upload_ref_rows where tbl = tg_table_name and row_id = rid and not (name = any(names)) returning name
      ) select coalesce(array_agg(name), '{}') into gone from removed;
      if cardinality(names) > 0 then
        insert into upload_ref_rows (name, tbl, row_id) select unnest(names), tg_table_name, rid on conflict do nothing;
        insert into upload_refs (name) select unnest(names)
          on conflict (name) do update set released_at = null;
        if exists (select 1 from upload_refs where name = any(names) and swept_at is not null) then
          raise exception 'a file this record names was removed as never used' using errcode = 'UR001';
        end if;
      end if;
      if cardinality(gone) > 0 then
        update upload_refs set released_at = now()
          where name = any(gone) and swept_at is null
            and not exists (select 1 from upload_ref_rows r where r.name = upload_refs.name);
      end if;
      return null;
    end $$`.execute(db);

  for (const [table, specs] of Object.entries(UPLOAD_REFERENCE_COLUMNS)) {
    const pk = (PRIMARY_KEYS[table] ?? ['id']).join('+');
    const watched = [...specs.map(columnOf), ...(SOFT_DELETED.has(table) ? ['deleted_at'] : [])];
    const args = sql.join([sql.lit(pk), ...specs.map((spec) => sql.lit(spec))]);
    const changed = sql.join(
      watched.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
      sql` or `,
    );
    await sql`drop trigger ${sql.raw(`${table}_upload_refs_insert`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_upload_refs_update`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_upload_refs_insert`)} after insert on ${sql.table(table)}
      for each row execute function upload_refs_track(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_upload_refs_update`)} after update of ${sql.join(watched.map((c) => sql.ref(c)))} on ${sql.table(table)}
      for each row when (${changed}) execute function upload_refs_track(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_upload_refs_delete`)} after delete on ${sql.table(table)}
      for each row execute function upload_refs_track(${args})`.execute(db);
    // What live rows name now: once, here.
    const rid = sql.join(
      (PRIMARY_KEYS[table] ?? ['id']).map((c) => sql`t.${sql.ref(c)}::text`),
      sql` || ':' || `,
    );
    await sql`
      insert into upload_ref_rows (name, tbl, row_id)
      select distinct n, ${table}, ${rid} from ${sql.table(table)} t,
        lateral unnest(upload_ref_row_names(to_jsonb(t), array[${sql.join(specs.map((spec) => sql.lit(spec)))}]::text[])) n
      on conflict do nothing`.execute(db);
  }
  // Named once, by no live row now: the expiry starts today.
  await sql`
    update upload_refs set released_at = now()
    where swept_at is null and not exists (select 1 from upload_ref_rows r where r.name = upload_refs.name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, specs] of Object.entries(UPLOAD_REFERENCE_COLUMNS)) {
    const columns = specs.map(columnOf);
    const args = sql.join(specs.map((spec) => sql.lit(spec)));
    const changed = sql.join(
      columns.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
      sql` or `,
    );
    for (const when of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`${table}_upload_refs_${when}`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_upload_refs_insert`)} after insert on ${sql.table(table)}
      for each row execute function upload_refs_record(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_upload_refs_update`)} after update of ${sql.join(columns.map((c) => sql.ref(c)))} on ${sql.table(table)}
      for each row when (${changed}) execute function upload_refs_record(${args})`.execute(db);
  }
  await sql`drop function upload_refs_track()`.execute(db);
  await sql`drop function upload_ref_row_names(jsonb, text[])`.execute(db);
  await sql`drop table upload_ref_rows`.execute(db);
  await sql`alter table upload_refs drop column released_at`.execute(db);
}
