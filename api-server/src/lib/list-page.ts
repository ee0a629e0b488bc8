/**
 * A list's page in one statement: its total (the counters', or a search's or date range's capped
 * count) and its rows, newest first, where a page took two or three round trips (total, ids, rows).
 * Each round trip costs the server a socket write and a read, the database a wake-up and a statement
 * to parse and plan, and the request the wait for both: on a loaded machine the write that wakes the
 * database often hands it the core.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { type AnyRows, COUNT_CAP, type Search, type Total, countLimit, newestFirst, pageWindow, searchHead, totalOf } from './paging';

/**
 * The ids of a page, to select its rows by (`id in …`): a query over the list's index, or the ids a
 * search's head found (`h.list_ids`, unnested).
 */
export type PageIds = AnyRows<{ id: number }>;

/** What a list's page reads: its columns, `id` and `created_at` (the list's order) among them. */
export interface Listed {
  id: number;
  created_at: Date;
}

/** The rows of a page: the list's columns of the rows whose id is in `ids`, in any order. */
export type ReadRows<Row extends Listed> = (ids: PageIds) => AnyRows<Row>;

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
 * - `counted`: an exact, cheap total (the counters' sum, selected as `n`); with `days` it is read in
 *   the page's statement and a deep page seeks by them, else it is read first and a page past the
 *   middle is read from the oldest end (`pageWindow`); `ids` selects the list's ids (filtered, not
 *   ordered).
 * - `search`: a keyword (`searchPage`).
 * - `capped`: a filter the list's own index serves (a date range): the total of `rows`, capped, and
 *   the page by walking `walk`.
 */
export type PageSource =
  | { counted: AnyRows<{ n: number | string }>; ids: AnyRows<{ id: number }>; days?: DayCounts }
  | { search: Search }
  | { capped: AnyRows<object>; walk: AnyRows<{ id: number }> };

/**
 * The one statement of a list's page: `head` (one row: the total, and for a search its page's ids,
 * which `rows` may read as `h.list_ids`) with the page's rows beside it, newest first; one row of
 * nulls when the page is empty. One round trip where the total and the page were two, and the rows
 * a third.
 */
async function headAndRows<Head, Row extends Listed>(
  db: Kysely<Database>,
  head: RawBuilder<Head>,
  columns: ReadonlyArray<keyof Head & string>,
  rows: AnyRows<Row>,
): Promise<{ head: Head; rows: Row[] }> {
  const headColumns = sql.join(columns.map((column) => sql.ref(`h.${column}`)));
  const result = await sql<Head & Row>`select ${headColumns}, r.* from (${head}) h left join lateral (${rows}) r on true
    order by r.created_at desc, r.id desc`.execute(db);
  const [first] = result.rows;
  if (!first) throw new Error('a list head selects one row');
  return { head: first, rows: result.rows.filter((row) => row.id !== null) };
}

const ordered = <Row extends Listed>(rows: AnyRows<Row>) => newestFirst(rows).execute();

/** A newest-first list's total and the rows of its page at `offset` (`PageSource`), `read` reading them; one statement but for a rare search. */
export async function readListPage<Row extends Listed>(
  db: Kysely<Database>,
  source: PageSource,
  offset: number,
  size: number,
  read: ReadRows<Row>,
): Promise<{ total: Total; rows: Row[] }> {
  if ('search' in source) {
    const found = await headAndRows(
      db,
      searchHead(source.search, offset, size),
      ['list_found', 'list_walked'],
      read(db.selectFrom(sql<{ id: number }>`(select unnest(h.list_ids) as id)`.as('found')).select('found.id')),
    );
    return { total: totalOf(Number(found.head.list_found), countLimit(offset)), rows: found.rows };
  }
  if ('capped' in source) {
    const limit = countLimit(offset);
    const count = sql<{ list_found: string }>`select count(*) as list_found from (${source.capped.select(sql<number>`1`.as('one')).limit(limit + 1)}) c`;
    // Past COUNT_CAP the count stops short of the offset: the page is empty.
    const page = newestFirst(source.walk)
      .limit(offset >= COUNT_CAP ? 0 : size)
      .offset(offset);
    const found = await headAndRows(db, count, ['list_found'], read(page));
    return { total: totalOf(Number(found.head.list_found), limit), rows: found.rows };
  }
  if (source.days) {
    const page =
      offset >= SEEK_FROM
        ? db.selectFrom(seekByDays(source.ids, source.days, offset, size).as('seek')).select('seek.id')
        : newestFirst(source.ids).limit(size).offset(offset);
    const found = await headAndRows(db, sql<{ list_found: string | number }>`select (${source.counted}) as list_found`, ['list_found'], read(page));
    return { total: { count: Number(found.head.list_found), capped: false }, rows: found.rows };
  }
  // Without day counters the total comes first: it says from which end a page is read.
  const { n } = await source.counted.executeTakeFirstOrThrow();
  const total = { count: Number(n), capped: false };
  if (offset >= total.count) return { total, rows: [] };
  const window = pageWindow(offset, size, total.count);
  return {
    total,
    rows: await ordered(
      read(
        newestFirst(source.ids, window.fromOldest ? 'asc' : 'desc')
          .limit(window.limit)
          .offset(window.offset),
      ),
    ),
  };
}
