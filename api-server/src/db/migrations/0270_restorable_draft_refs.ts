/**
 * A deleted draft keeps naming its uploads (features/storage-sweep): a creator's delete is soft, and
 * an operator can undo it (restore-draft, the operators' `draftRestore`), so the images, covers and
 * video a deleted draft shows must still be there when it comes back. Until now (0211) a
 * soft-deleted draft named nothing and the orphan sweep removed its uploads a week later; a
 * restored draft then showed broken images.
 *
 * `upload_refs_track` now reads a `!` in front of its primary-key argument as "this table's rows
 * keep naming while soft-deleted" (their `deleted_at` is not looked at); the drafts' triggers pass
 * it and no longer fire on `deleted_at` alone. Manuscripts and materials, which nothing restores,
 * still name nothing once deleted. What the drafts deleted before this name is added back here
 * (names already removed by a sweep stay removed).
 */
import { type Kysely, sql } from 'kysely';
import { UPLOAD_REFERENCE_COLUMNS } from './0170_upload_references';

const DRAFT_SPECS = UPLOAD_REFERENCE_COLUMNS.drafts ?? [];
const columnOf = (spec: string): string => spec.replace(/^vid:/, '');

async function trackFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function upload_refs_track() returns trigger language plpgsql as $$
    declare
      keeps boolean := left(tg_argv[0], 1) = '!';
      pk text[] := string_to_array(ltrim(tg_argv[0], '!'), '+');
      specs text[] := tg_argv[1:];
      doc jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
      rid text;
      names text[] := '{}';
      gone text[];
    begin
      select string_agg(doc ->> u.c, ':' order by u.i) into rid from unnest(pk) with ordinality as u(c, i);
      if keeps then doc := doc - 'deleted_at'; end if;
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
}

async function draftTriggers(db: Kysely<unknown>, pk: string, watched: readonly string[]): Promise<void> {
  const args = sql.join([sql.lit(pk), ...DRAFT_SPECS.map((spec) => sql.lit(spec))]);
  const changed = sql.join(
    watched.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
    sql` or `,
  );
  for (const when of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`drafts_upload_refs_${when}`)} on drafts`.execute(db);
  await sql`create trigger drafts_upload_refs_insert after insert on drafts for each row execute function upload_refs_track(${args})`.execute(db);
  await sql`create trigger drafts_upload_refs_update after update of ${sql.join(watched.map((c) => sql.ref(c)))} on drafts
    for each row when (${changed}) execute function upload_refs_track(${args})`.execute(db);
  await sql`create trigger drafts_upload_refs_delete after delete on drafts for each row execute function upload_refs_track(${args})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await trackFunction(db);
  await draftTriggers(db, '!id', DRAFT_SPECS.map(columnOf));
  const specs = sql.join(DRAFT_SPECS.map((spec) => sql.lit(spec)));
  await sql`
    insert into upload_ref_rows (name, tbl, row_id)
    select distinct n, 'drafts', t.id::text from drafts t,
      lateral unnest(upload_ref_row_names(to_jsonb(t) - 'deleted_at', array[${specs}]::text[])) n
    where t.deleted_at is not null
    on conflict do nothing`.execute(db);
  await sql`
    update upload_refs set released_at = null
    where released_at is not null and swept_at is null
      and exists (select 1 from upload_ref_rows r where r.name = upload_refs.name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The function without `!` behaves as 0211's; soft-deleted drafts name nothing again.
  await draftTriggers(db, 'id', [...DRAFT_SPECS.map(columnOf), 'deleted_at']);
  await sql`delete from upload_ref_rows r using drafts t where r.tbl = 'drafts' and r.row_id = t.id::text and t.deleted_at is not null`.execute(db);
  await sql`
    update upload_refs set released_at = now()
    where released_at is null and swept_at is null
      and not exists (select 1 from upload_ref_rows r where r.name = upload_refs.name)`.execute(db);
}
