/**
 * A keyword's rarest gram keys (issue: search and lists at a million rows). A GIN search for several
 * keys reads every key's posting list; a key that most of the index's rows hold (the "稿件" of every
 * title "… 稿件 4242") costs a list as long as the index and removes almost no candidate. So a search
 * asks only for the keyword's rarer keys, and ILIKE rechecks the title as before: the answer is the
 * same, any subset of the keys being a weaker necessary condition.
 *
 * `search_grams(index, a, b, k)`: the keys of `keyword_grams(a, b, k)` (0120) found in at most 4× as
 * many rows as the keyword's rarest key, by the index's own statistics (ANALYZE keeps the most common
 * keys of an expression index and their frequencies in pg_stats; a key not among them is rarer than
 * the least common one listed). Without statistics (no ANALYZE yet, or not readable) every key is
 * kept. STABLE, not IMMUTABLE: it reads statistics; a query calls it once, as a scalar subquery.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_grams(idx text, a integer, b integer, k text) returns text[] language plpgsql stable strict parallel safe as $$
    declare
      keys text[] := keyword_grams(a, b, k);
      elems text[];
      freqs real[];
      kept text[];
    begin
      if cardinality(keys) <= 1 then return keys; end if;
      select s.most_common_elems::text::text[], s.most_common_elem_freqs into elems, freqs
        from pg_stats s where s.schemaname = current_schema() and s.tablename = idx limit 1;
      if elems is null then return keys; end if;
      -- most_common_elem_freqs ends with the least frequency listed: what an unlisted key is taken for.
      select array_agg(key) into kept from (
        select key, f, min(f) over () as lowest
        from (select key, coalesce(freqs[array_position(elems, key)], freqs[cardinality(elems) + 1]) as f from unnest(keys) as key) as known
      ) as ranked where f <= 4 * lowest;
      return coalesce(kept, keys);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists search_grams(text, integer, integer, text)`.execute(db);
}
