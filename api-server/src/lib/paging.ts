/**
 * What every list that pages through a million rows shares (drafts, manuscripts, materials): the
 * capped total of a keyword or date-range search, where a search's page comes from (its gram index or
 * a walk of the list's date order), a deep page's seek by day counters, and which end of the list a
 * page is read from.
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

/** A total from a count that stopped at `limit + 1` rows. */
const totalOf = (found: number, limit: number): Total => ({ count: Math.min(found, limit), capped: found > limit });

/** A query over any table's rows, selecting `O`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's filtered rows
export type AnyRows<O> = SelectQueryBuilder<Database, any, O>;

const newestFirst = <O>(rows: AnyRows<O>, direction: 'asc' | 'desc' = 'desc') => rows.orderBy('created_at', direction).orderBy('id', direction);

/** How many rows `rows` selects, counting at most `limit + 1` of them. */
export async function cappedCount(db: Kysely<Database>, rows: AnyRows<object>, limit: number): Promise<Total> {
  const capped = rows.select(sql<number>`1`.as('one')).limit(limit + 1);
  const { count } = await db.selectFrom(capped.as('capped')).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
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
 * A search's capped total and its page's ids, in one statement. A common keyword walks the list
 * newest first and stops after the matches its count needs (its page among them); any other reads
 * its gram index's matches (at most COUNT_CAP + 1, unordered), counts them and sorts out the page.
 * Only if the gram index turns up more than COUNT_CAP (the statistics called a common keyword rare)
 * is the page read by a second walk.
 */
export async function searchPage(db: Kysely<Database>, search: Search, offset: number, size: number): Promise<{ total: Total; ids: number[] }> {
  const limit = countLimit(offset);
  // No match past the COUNT_CAP-th is shown: the pager ends there.
  const shown = Math.max(0, Math.min(size, COUNT_CAP - offset));
  const gin = search.gin.where(sql<boolean>`not (select walk from plan)`).limit(COUNT_CAP + 1);
  const walk = newestFirst(search.walk.where(sql<boolean>`(select walk from plan)`)).limit(limit + 1);
  const result = await sql<{ found: string | number; walked: boolean; ids: Array<string | number> | null }>`
    with plan as materialized (select keys, walk from ${search.plan(limit + 1)} as p),
         m as (select id, created_at from (${gin}) g union all select id, created_at from (${walk}) w)
    select (select count(*) from m) as found, (select walk from plan) as walked,
           array(select id from m order by created_at desc, id desc limit ${shown} offset ${offset}) as ids`.execute(db);
  const row = result.rows[0];
  const found = Number(row?.found ?? 0);
  if (row?.walked || found <= COUNT_CAP || shown === 0) return { total: totalOf(found, limit), ids: (row?.ids ?? []).map(Number) };
  const rows = await newestFirst(search.walk).select('id').limit(shown).offset(offset).execute();
  return { total: totalOf(found, limit), ids: rows.map((r) => Number(r.id)) };
}

/** The ids of a page: a query over the list's index (to filter or join on), or the ids a search found. */
export type PageIds = AnyRows<{ id: number }> | number[];

/**
 * A list's live rows per day (UTC), newest day first, for the seek of a deep page: `select day, n`
 * over its day counters, summed to the list's scope.
 */
export type DayCounts = RawBuilder<{ day: string; n: number }>;

/**
 * The page at `offset` of `rows` (newest first) without passing the offset's index entries: the day
 * counters, added from the newest day, say in which day the offset falls and how many rows come
 * before that day; the page is read from that day's end, skipping only the rest.
 */
function seekByDays(rows: AnyRows<{ id: number }>, days: DayCounts, offset: number, size: number): RawBuilder<{ id: number }> {
  const page = newestFirst(rows.where(sql<boolean>`created_at < (select (day + 1)::timestamp at time zone 'UTC' from s)`))
    .offset(sql<number>`(select ${offset} - before from s)`)
    .limit(size);
  return sql<{ id: number }>`(with d as (select day, n, sum(n) over (order by day desc) - n as before from (${days}) c),
       s as (select day, before from d where before + n > ${offset} order by day desc limit 1)
  ${page})`;
}

/** Below this offset a page is read straight from the index: fewer entries than a seek's day counters. */
const SEEK_FROM = 2_000;

/**
 * Where a list's total and page come from; every list pages newest first (created_at, then id,
 * descending).
 * - `counted`: an exact, cheap total (the counters), read first: a page past the end is empty without
 *   a query; a deep page seeks by `days` when given, else a page past the middle is read from the
 *   oldest end (`pageWindow`); `ids` selects the list's ids (filtered, not ordered).
 * - `search`: a keyword (`searchPage`).
 * - `capped`: a filter the list's own index serves (a date range): the total of `rows`, capped, and
 *   the page by walking `walk`.
 */
export type PageSource =
  | { counted: () => Promise<number>; ids: AnyRows<{ id: number }>; days?: DayCounts }
  | { search: Search }
  | { capped: AnyRows<object>; walk: AnyRows<{ id: number }> };

/** A newest-first list's total and the ids of its page at `offset` (`PageSource`): an empty array when the page is empty. */
export async function readPageIds(db: Kysely<Database>, source: PageSource, offset: number, size: number): Promise<{ total: Total; ids: PageIds }> {
  if ('counted' in source) {
    const count = await source.counted();
    const total = { count, capped: false };
    if (offset >= count) return { total, ids: [] };
    if (source.days && offset >= SEEK_FROM) return { total, ids: db.selectFrom(seekByDays(source.ids, source.days, offset, size).as('seek')).select('seek.id') };
    const window = pageWindow(offset, size, count);
    return { total, ids: newestFirst(source.ids, window.fromOldest ? 'asc' : 'desc').limit(window.limit).offset(window.offset) };
  }
  if ('search' in source) return searchPage(db, source.search, offset, size);
  const total = await cappedCount(db, source.capped, countLimit(offset));
  return { total, ids: offset >= total.count ? [] : newestFirst(source.walk).limit(size).offset(offset) };
}
