/**
 * Which uploaded objects a record has ever named (features/storage-sweep): the orphan sweep removes
 * an upload no record named within ORPHAN_EXPIRY_DAYS, and must never remove one that is named.
 *
 * `upload_refs` holds one row per name: the 32 hex characters of an upload-layout key
 * (`<kind>/<yyyymmdd>/u<uid>/<name>.<ext>`), or a video id (the video service names a transcoded
 * video and its poster after the job: `<vid>.mp4`, `<vid>.jpg`). Row triggers on every table that
 * stores upload addresses add the names a saved row holds (its URL columns, its HTML and documents),
 * in the saving transaction, so no save path can forget it and the sweep never scans a table: it
 * looks up the names it lists, by primary key.
 *
 * The sweep claims a name by inserting it with `swept_at` set, before removing the object. Both
 * inserts go through the primary key, so of a save naming an object and the sweep claiming it,
 * exactly one comes first: the sweep then skips the named object, or the save is refused
 * (SQLSTATE UR001, a clear message to the creator) because its object is being removed.
 *
 * `periodic_runs`: when a job that must run once across replicas (the sweep) last ran and who holds
 * it now (a lease that runs out if its holder dies).
 */
import { type Kysely, sql } from 'kysely';

/**
 * The tables that store upload addresses, and their columns. `vid:` marks a column holding a bare
 * video id. A new column that stores upload URLs must be added here (in a new migration).
 */
export const UPLOAD_REFERENCE_COLUMNS: Record<string, readonly string[]> = {
  users: ['avatar'],
  drafts: ['body', 'cover_urls', 'video_url', 'video_poster', 'images', 'vid:video_vid'],
  manuscripts: ['body', 'cover_urls', 'video_url', 'video_poster', 'images', 'vid:video_vid'],
  draft_versions: ['document'],
  materials: ['object_key', 'url', 'icon_url'],
  certifications: ['licence_key'],
  dramas: ['cover_url'],
  drama_episodes: ['video_url', 'cover_url'],
};

/** Upload-layout keys anywhere in a text, the video ids of the editor's `ql-vid-<vid>` class and of a document's `"vid"`. */
const NAMES_PATTERN = String.raw`(?:image|video|audio|file)/[0-9]{8}/u[0-9]+/([0-9a-f]{32})\.[a-z0-9]{1,8}|ql-vid-([0-9a-f]{32})|"vid": ?"([0-9a-f]{32})"`;

const columnOf = (spec: string): string => spec.replace(/^vid:/, '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_refs (
      name text primary key check (name ~ '^[0-9a-f]{32}$'),
      referenced_at timestamptz not null default now(),
      swept_at timestamptz
    )`.execute(db);
  await sql`
    create table periodic_runs (
      job text primary key,
      next_run_at timestamptz not null,
      lease_until timestamptz,
      held_by text not null default ''
    )`.execute(db);
  await sql`
    create function upload_ref_names(doc text) returns setof text language sql immutable as $$
      select distinct coalesce(m[1], m[2], m[3]) from regexp_matches(doc, ${sql.lit(NAMES_PATTERN)}, 'g') as m
    $$`.execute(db);
  await sql`
    create function upload_refs_record() returns trigger language plpgsql as $$
    declare
      doc jsonb := to_jsonb(new);
      spec text;
      value text;
      names text[] := '{}';
    begin
      foreach spec in array tg_argv loop
        if spec like 'vid:%' then
          value := doc ->> substr(spec, 5);
          if value ~ '^[0-9a-f]{32}$' then names := names || value; end if;
        else
          value := doc ->> spec;
          if value is not null and value <> '' then names := names || array(select upload_ref_names(value)); end if;
        end if;
      end loop;
      if cardinality(names) = 0 then return null; end if;
      insert into upload_refs (name) select distinct unnest(names) on conflict (name) do nothing;
      if exists (select 1 from upload_refs where name = any(names) and swept_at is not null) then
        raise exception 'a file this record names was removed as never used' using errcode = 'UR001';
      end if;
      return null;
    end $$`.execute(db);

  for (const [table, specs] of Object.entries(UPLOAD_REFERENCE_COLUMNS)) {
    const columns = specs.map(columnOf);
    const args = sql.join(specs.map((spec) => sql.lit(spec)));
    const changed = sql.join(
      columns.map((column) => sql`old.${sql.ref(column)} is distinct from new.${sql.ref(column)}`),
      sql` or `,
    );
    await sql`create trigger ${sql.raw(`${table}_upload_refs_insert`)} after insert on ${sql.table(table)}
      for each row execute function upload_refs_record(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_upload_refs_update`)} after update of ${sql.join(columns.map((c) => sql.ref(c)))} on ${sql.table(table)}
      for each row when (${changed}) execute function upload_refs_record(${args})`.execute(db);
    // What is stored already: one pass per table, here and never again.
    const texts = specs.filter((spec) => !spec.startsWith('vid:')).map((spec) => sql`${sql.ref(spec)}::text`);
    if (texts.length) {
      await sql`
        insert into upload_refs (name)
        select distinct n from ${sql.table(table)} t, lateral upload_ref_names(concat_ws(' ', ${sql.join(texts)})) n
        on conflict (name) do nothing`.execute(db);
    }
    for (const spec of specs.filter((s) => s.startsWith('vid:'))) {
      await sql`
        insert into upload_refs (name) select distinct ${sql.ref(columnOf(spec))} from ${sql.table(table)}
        where ${sql.ref(columnOf(spec))} ~ '^[0-9a-f]{32}$' on conflict (name) do nothing`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(UPLOAD_REFERENCE_COLUMNS)) {
    await sql`drop trigger ${sql.raw(`${table}_upload_refs_insert`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_upload_refs_update`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function upload_refs_record()`.execute(db);
  await sql`drop function upload_ref_names(text)`.execute(db);
  await sql`drop table periodic_runs`.execute(db);
  await sql`drop table upload_refs`.execute(db);
}
