/**
 * What every list that pages through a million rows shares (drafts, manuscripts, materials): the cap
 * on a keyword's or date range's total, the capped count (with the page when below the cap), and
 * which end of the list a page is read from.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A keyword (or date range) search counts at most this many matches: the count then costs at most
 * COUNT_CAP index entries and row checks however common the keyword is. Above it the total shows
 * COUNT_CAP and the pager stops there; narrowing the search gives exact totals.
 */
export const COUNT_CAP = 10_000;

/** A query over any table's rows, selecting `O`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's filtered rows
export type AnyRows<O> = SelectQueryBuilder<Database, any, O>;

/** How many rows `rows` selects, counting at most COUNT_CAP of them. */
export async function cappedCount(db: Kysely<Database>, rows: AnyRows<object>): Promise<number> {
  const capped = rows.select(sql<number>`1`.as('one')).limit(COUNT_CAP);
  const { count } = await db.selectFrom(capped.as('capped')).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(count);
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
 * entries; `offset` and `limit` are then counted from that end. Without one (null: a capped or no
 * count), the page is read from the newest end.
 */
export function pageWindow(offset: number, size: number, count: number | null): PageWindow {
  if (count === null || offset <= count / 2) return { fromOldest: false, offset, limit: size };
  return { fromOldest: true, offset: Math.max(0, count - offset - size), limit: Math.max(0, Math.min(size, count - offset)) };
}

/**
 * A capped search's total and, when the total is below the cap (every match then in hand), its
 * page's ids too, from one query: the matches (`rows`, selecting `id` and `created_at`) are found
 * once for both, where a count and a page query would each search them. `ids` is null at the cap:
 * the page is then read by walking the list in its order instead.
 */
export async function cappedCountAndPage(
  db: Kysely<Database>,
  rows: AnyRows<{ id: number; created_at: Date }>,
  offset: number,
  size: number,
): Promise<{ count: number; ids: number[] | null }> {
  const matches = rows.limit(COUNT_CAP);
  const result = await sql<{ count: string | number; ids: Array<string | number> | null }>`
    with m as (${matches}), c as (select count(*) as n from m)
    select n as count,
           case when n < ${COUNT_CAP} then array(select id from m order by created_at desc, id desc limit ${size} offset ${offset}) end as ids
    from c`.execute(db);
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  return { count, ids: count < COUNT_CAP ? (row?.ids ?? []).map(Number) : null };
}

/** The ids of a page: a query over the list's index (to filter or join on), or the ids a search found. */
export type PageIds = AnyRows<{ id: number }> | number[];

/**
 * Where a list's total and page come from; every list pages newest first (created_at, then id,
 * descending), the order `cappedCountAndPage` finds a search's page in.
 * - `counted`: an exact, cheap total (the counters), read first: a page past the end is empty without
 *   a query, and a page past the middle is read from the oldest end (`pageWindow`); `ids` selects the
 *   list's ids (filtered, not ordered).
 * - `search`: a keyword. `matches` are the rows the gram index finds (rechecked), selecting id and
 *   created_at; they give the total (capped at COUNT_CAP) and, below the cap, the page in the same
 *   query. At the cap the page is read by walking `walk` (the same rows without the gram condition) in
 *   the list's order: the newest matches are then found after a few rows each, where the gram index
 *   would collect and sort every match first.
 * - `capped`: a filter the list's own index serves (a date range): the total of `rows`, capped, and
 *   the page by walking `walk`.
 * At the cap the pager stops at COUNT_CAP: a page past it is empty rather than a walk of the whole list.
 */
export type PageSource =
  | { counted: () => Promise<number>; ids: AnyRows<{ id: number }> }
  | { search: AnyRows<{ id: number; created_at: Date }>; walk: AnyRows<{ id: number }> }
  | { capped: AnyRows<object>; walk: AnyRows<{ id: number }> };

/** A newest-first list's total and the ids of its page at `offset` (`PageSource`): an empty array when the page is empty. */
export async function readPageIds(db: Kysely<Database>, source: PageSource, offset: number, size: number): Promise<{ count: number; ids: PageIds }> {
  const newestFirst = (rows: AnyRows<{ id: number }>, direction: 'asc' | 'desc' = 'desc') => rows.orderBy('created_at', direction).orderBy('id', direction);
  if ('counted' in source) {
    const count = await source.counted();
    if (offset >= count) return { count, ids: [] };
    const window = pageWindow(offset, size, count);
    return { count, ids: newestFirst(source.ids, window.fromOldest ? 'asc' : 'desc').limit(window.limit).offset(window.offset) };
  }
  const walk = () => newestFirst(source.walk).limit(size).offset(offset);
  if ('search' in source) {
    const found = await cappedCountAndPage(db, source.search, offset, size);
    return { count: found.count, ids: found.ids ?? (offset >= found.count ? [] : walk()) };
  }
  const count = await cappedCount(db, source.capped);
  return { count, ids: offset >= count ? [] : walk() };
}
