/**
 * Title search that scales with the creator, not with the table (issue: search at a million rows).
 * A keyword search always names its scope — my materials of one type, the approved materials of one
 * type, my drafts, my manuscripts of one type — so the title grams are indexed *with* that scope:
 * `scoped_grams(a, b, title)` is the lower-cased title's 1- and 2-character grams (as material_grams of
 * 0030), each prefixed with "a/b/". A search asks the GIN index for "<owner>/<type>/<gram>" keys and gets only
 * that scope's matches, where an index over the title alone returns every owner's rows (then filtered
 * by owner: the 1.5 s keyword over "my materials" at 1,000,000 rows) and pg_trgm, besides ignoring the
 * owner, extracts no trigram from the 2-character keywords Chinese titles are searched with. No
 * extension is needed, so the embedded PGlite and PostgreSQL run the same SQL.
 *
 * Scopes: materials mine (owner_id, cm_type); public library (0, cm_type) over approved rows only;
 * drafts (user_id, 0) — the draft list's 全部 tab has no type; manuscripts (user_id, type). The
 * indexes they replace (title alone) are dropped: nothing queries them any more.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The grams of material_grams (0030), prefixed. PL/pgSQL: a plain loop is 4–10× faster than the
  // SQL forms (generate_series + array_agg) when an index over a million titles is built. Repeated
  // grams are left in: GIN keeps each key of a row once.
  await sql`
    create function scoped_grams(a integer, b integer, t text) returns text[] language plpgsql immutable strict parallel safe as $$
    declare
      l text := lower(t);
      p text := a::text || '/' || b::text || '/';
      n integer := char_length(l);
      grams text[] := '{}';
    begin
      for i in 1 .. n loop
        grams := grams || (p || substr(l, i, 1));
        if i < n then grams := grams || (p || substr(l, i, 2)); end if;
      end loop;
      return grams;
    end $$`.execute(db);
  await sql`create index materials_mine_grams_idx on materials using gin (scoped_grams(owner_id, cm_type, title)) where deleted_at is null`.execute(db);
  await sql`create index materials_public_grams_idx on materials using gin (scoped_grams(0, cm_type, title)) where deleted_at is null and cm_check = 2`.execute(
    db,
  );
  await sql`drop index if exists materials_title_grams_idx`.execute(db);
  await sql`create index drafts_owner_grams_idx on drafts using gin (scoped_grams(user_id, 0, title)) where deleted_at is null`.execute(db);
  await sql`create index manuscripts_owner_grams_idx on manuscripts using gin (scoped_grams(user_id, type, title)) where deleted_at is null`.execute(db);
  await sql`drop index if exists drafts_title_trgm_idx`.execute(db);
  await sql`drop index if exists manuscripts_title_trgm_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index manuscripts_title_trgm_idx on manuscripts using gin (title gin_trgm_ops) where deleted_at is null`.execute(db);
  await sql`create index drafts_title_trgm_idx on drafts using gin (title gin_trgm_ops) where deleted_at is null`.execute(db);
  await sql`create index materials_title_grams_idx on materials using gin (material_grams(title)) where deleted_at is null`.execute(db);
  for (const index of ['manuscripts_owner_grams_idx', 'drafts_owner_grams_idx', 'materials_public_grams_idx', 'materials_mine_grams_idx']) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
  await sql`drop function if exists scoped_grams(integer, integer, text)`.execute(db);
}
