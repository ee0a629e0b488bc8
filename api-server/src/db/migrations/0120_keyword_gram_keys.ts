/**
 * A keyword's keys for the scoped title-gram indexes (0101_scoped_title_grams), built in SQL from the
 * same `scoped_grams` the indexes are built with. Before, the server lower-cased the keyword in
 * JavaScript while the index lower-cased titles with SQL `lower()`; the two differ for non-ASCII
 * letters under a C locale (`lower('Ä')` is 'Ä' there, JavaScript gives 'ä'), so a title could be
 * missed by a keyword in its own case. Now one definition serves both: `keyword_grams(a, b, k)` is
 * `scoped_grams(a, b, k)` narrowed to what a title containing k must hold — its 2-grams, or its one
 * character when k is one character (the 1-grams of a longer keyword are inside its 2-grams).
 * `scoped_grams` lists each position's 1-gram, then its 2-gram, so the 2-grams are the even entries.
 *
 * IMMUTABLE like `scoped_grams`: with the keyword a bound value, the planner folds the call to the
 * constant array it compares the index with (and estimates from).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function keyword_grams(a integer, b integer, k text) returns text[] language sql immutable strict parallel safe as $$
      select case
        when cardinality(g) <= 1 then g
        else array(select gram from unnest(g) with ordinality as u(gram, i) where i % 2 = 0 order by i)
      end
      from scoped_grams(a, b, k) as g
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists keyword_grams(integer, integer, text)`.execute(db);
}
