/**
 * What every list that pages through a million rows shares (drafts, manuscripts, materials): the
 * capped total of a keyword or date-range search, where a search's page comes from (its gram index or
 * a walk of the list's date order) and which end of the list a page is read from. list-page.ts reads
 * a page with them, a deep page's seek by day counters among them.
 */
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * How deep a search pages: its total never exceeds this, and a page past it is empty, so no request
 * walks or counts more than COUNT_CAP matches however common the keyword is.
 */
export const COUNT_CAP = 10_000;
/**
 * A search counts at most this many matches from its page's start (within COUNT_CAP): the count stops
 * early, and the pager reads "1000+" on page 1 and grows as the creator pages on.
 */
export const COUNT_AHEAD = 1_000;

/** A total as the pager shows it: `capped` when more matches exist than `count` (shown "count+"). */
export interface Total {
  count: number;
  capped: boolean;
}

/** The most matches a search page at `offset` counts. */
export const countLimit = (offset: number): number => Math.min(offset + COUNT_AHEAD, COUNT_CAP);

/** How many rows of a search page at `offset` are shown: none past the COUNT_CAP-th match, where the pager ends. */
export const shownOf = (offset: number, size: number): number => Math.max(0, Math.min(size, COUNT_CAP - offset));

/** A total from a count that stopped at `limit + 1` rows. */
export const totalOf = (found: number, limit: number): Total => ({ count: Math.min(found, limit), capped: found > limit });

/** A query over any table's rows, selecting `O`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's filtered rows
export type AnyRows<O> = SelectQueryBuilder<Database, any, O>;

export const newestFirst = <O>(rows: AnyRows<O>, direction: 'asc' | 'desc' = 'desc') => rows.orderBy('created_at', direction).orderBy('id', direction);

/** How many rows `rows` selects, counting at most `limit + 1` of them. */
export async function cappedCount(db: Kysely<Database>, rows: AnyRows<object>, limit: number): Promise<Total> {
  const capped = rows.select(sql<number>`1`.as('one')).limit(limit + 1);
  const { count } = await db
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return totalOf(Number(count), limit);
}

export interface PageWindow {
  /** Read the list oldest first (then put the rows back newest first). */
  fromOldest: boolean;
  offset: number;
  limit: number;
}

/**
 * Which end a page of a newest-first list is read from. With an exact total (`count`), a page past
 * the middle is read from the oldest end, so a deep page walks at most half the list's index
 * entries; `offset` and `limit` are then counted from that end. Without one (null), the page is read
 * from the newest end.
 */
export function pageWindow(offset: number, size: number, count: number | null): PageWindow {
  if (count === null || offset <= count / 2) return { fromOldest: false, offset, limit: size };
  return { fromOldest: true, offset: Math.max(0, count - offset - size), limit: Math.max(0, Math.min(size, count - offset)) };
}

/**
 * A keyword search. `gin`: the matches the scoped gram index finds (its condition `hasPlannedKeys`),
 * rechecked, selecting id and created_at; `walk`: the same matches without the gram condition (the
 * list's own filters and `titleHolds`), which the list's date-ordered index serves index-only;
 * `plan(wanted)`: the keyword's keys and whether to walk for `wanted` matches (`searchPlan`).
 */
export interface Search {
  gin: AnyRows<{ id: number; created_at: Date }>;
  walk: AnyRows<{ id: number; created_at: Date }>;
  plan: (wanted: number) => RawBuilder<unknown>;
}

/**
 * `search_plan` (migration 0140) on the scoped gram index `index` (scope values `a`, `b`): the
 * keyword's rarer gram keys, built in SQL from the index's own `scoped_grams` (0120, 0121), and
 * whether walking `scope` rows (a count, as SQL) for `wanted` matches beats reading their posting
 * lists, by the index's statistics.
 */
export const searchPlan =
  (index: string, a: number, b: number, keyword: string, scope: AnyRows<{ n: number }>) =>
  (wanted: number): RawBuilder<unknown> =>
    sql`search_plan(${index}::text, ${a}::integer, ${b}::integer, ${keyword}::text, (${scope})::bigint, ${wanted}::integer)`;

/**
 * "The title holds the keyword's planned gram keys", on a scoped gram index whose expression
 * `indexed` is as the index writes it (`scoped_grams(owner, type, title)`, 0101): a superset of the
 * matches, rechecked by the caller. Only inside `searchPage`'s statement, whose plan it reads.
 */
export const hasPlannedKeys = (indexed: RawBuilder<unknown>): RawBuilder<boolean> => sql<boolean>`${indexed} @> (select keys from plan)`;

/**
 * The most gram-index matches a search reads to sort out its page. Page 1, the one nearly every
 * search shows, reads only what its count needs (`countLimit(0)` + 1): a keyword with more matches
 * has at least that many in the list's scope, so its 24 newest lie close to the newest end and a
 * walk finds them in a few thousand index entries, where sorting them out of the gram index meant
 * rechecking every match in the table (4,243 for 嵩山日出: 9 of its 12 ms). A deeper page would walk
 * further, so it reads up to COUNT_CAP matches as before.
 */
export const ginReadCap = (offset: number): number => (offset === 0 ? countLimit(0) : COUNT_CAP);

/**
 * The head of a search's statement: one row with its count of matches (`list_found`, at most
 * `countLimit(offset) + 1`), whether it walked (`list_walked`) and its page's ids (`list_ids`). A
 * common keyword walks the list newest first and stops after the matches its count needs (its page
 * among them); any other reads its gram index's matches (at most `ginReadCap` + 1, unordered), counts
 * them and sorts out the page, or, when there were more than it read, walks for the page in the same
 * statement (its sub-select runs only then).
 */
export function searchHead(search: Search, offset: number, size: number): RawBuilder<SearchHead> {
  const limit = countLimit(offset);
  const shown = shownOf(offset, size);
  const cap = ginReadCap(offset);
  const gin = search.gin.where(sql<boolean>`not (select walk from plan)`).limit(cap + 1);
  const walk = newestFirst(search.walk.where(sql<boolean>`(select walk from plan)`)).limit(limit + 1);
  const walkedPage = newestFirst(search.walk).limit(shown).offset(offset);
  return sql<SearchHead>`
    with plan as materialized (select keys, walk from ${search.plan(limit + 1)} as p),
         m as (select id, created_at from (${gin}) g union all select id, created_at from (${walk}) w),
         found as materialized (select count(*) as n from m)
    select (select n from found) as list_found, (select walk from plan) as list_walked,
           case when not (select walk from plan) and (select n from found) > ${cap}
                then array(select id from (${walkedPage}) p order by created_at desc, id desc)
                else array(select id from m order by created_at desc, id desc limit ${shown} offset ${offset}) end as list_ids`;
}

export interface SearchHead {
  list_found: string | number;
  list_walked: boolean;
  list_ids: Array<string | number> | null;
}

/** A search's capped total and its page's ids (`searchHead`), in one statement. */
export async function searchPage(db: Kysely<Database>, search: Search, offset: number, size: number): Promise<{ total: Total; ids: number[] }> {
  const { rows } = await searchHead(search, offset, size).execute(db);
  const head = rows[0] ?? { list_found: 0, list_walked: false, list_ids: [] };
  return { total: totalOf(Number(head.list_found), countLimit(offset)), ids: (head.list_ids ?? []).map(Number) };
}
