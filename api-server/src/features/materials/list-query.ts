/**
 * The material list (POST /api/material/list). Every filter order has its index (migration
 * 0030_materials); pages are read with a deferred join, so a deep page walks the index only and
 * reads 24 rows; totals come from the trigger-kept counters, or, for a keyword or date search, from a
 * count capped at COUNT_CAP (see README: what a capped total means for the pager).
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Material } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { COUNT_CAP, cappedCount, pageWindow } from '../../lib/paging';
import { containsPattern, formatTime, hasKeywordGrams } from './shared';

export interface ListFilters {
  userId: number;
  all: boolean;
  cmType: number;
  keyword: string;
  start: Date | null;
  end: Date | null;
  /** 0 = every audit status. */
  cmCheck: number;
  page: number;
  perPage: number;
}

type Db = Kysely<Database>;
type MaterialQuery = SelectQueryBuilder<Database, 'materials', object>;

/**
 * `useGrams: false` leaves out the gram condition: for a keyword that matches more than COUNT_CAP
 * rows, walking the date-ordered index and rechecking the title finds a page after a few hundred
 * rows, where the gram index would collect and sort every match first.
 */
function filtered(db: Db, f: ListFilters, useGrams = true): MaterialQuery {
  let query = db.selectFrom('materials').where('deleted_at', 'is', null).where('cm_type', '=', f.cmType);
  query = f.all ? query.where('cm_check', '=', 2) : query.where('owner_id', '=', f.userId);
  if (!f.all && f.cmCheck) query = query.where('cm_check', '=', f.cmCheck);
  if (f.start) query = query.where('created_at', '>=', f.start);
  if (f.end) query = query.where('created_at', '<=', f.end);
  if (f.keyword) {
    // The scoped gram index of the list (0101): the approved library's, or the owner's.
    if (useGrams && f.all) query = query.where(hasKeywordGrams(sql`scoped_grams(0, cm_type, title)`, 0, f.cmType, f.keyword));
    if (useGrams && !f.all) query = query.where(hasKeywordGrams(sql`scoped_grams(owner_id, cm_type, title)`, f.userId, f.cmType, f.keyword));
    query = query.where(sql<boolean>`title ilike ${containsPattern(f.keyword)}`);
  }
  return query;
}

/** The public library shows approved materials only: asking it for another status finds nothing. */
function impossible(f: ListFilters): boolean {
  return f.all && f.cmCheck !== 0 && f.cmCheck !== 2;
}

async function countMaterials(db: Db, f: ListFilters): Promise<number> {
  if (f.keyword || f.start || f.end) return cappedCount(db, filtered(db, f));
  let counters = db
    .selectFrom('material_counts')
    .select(sql<string>`coalesce(sum(n), 0)`.as('count'))
    .where('owner_id', '=', f.all ? 0 : f.userId)
    .where('cm_type', '=', f.cmType);
  if (f.all) counters = counters.where('cm_check', '=', 2);
  else if (f.cmCheck) counters = counters.where('cm_check', '=', f.cmCheck);
  const { count } = await counters.executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * For a keyword page, which is cheaper: the gram index (reads every match, then sorts), or the
 * date-ordered index rechecking titles until the page is full (reads about rows-to-page ÷ the
 * share of the list that matches)? The list's size comes from the counters.
 */
async function walkIsCheaper(db: Db, f: ListFilters, matches: number): Promise<boolean> {
  if (matches >= COUNT_CAP) return true;
  if (matches === 0) return false;
  const listed = await countMaterials(db, { ...f, keyword: '', start: null, end: null });
  return (f.page * f.perPage * listed) / matches < matches;
}

export async function listMaterials(db: Db, f: ListFilters): Promise<{ total: number; data: Material[] }> {
  if (impossible(f)) return { total: 0, data: [] };
  const total = await countMaterials(db, f);
  const exact = !f.keyword && !f.start && !f.end;
  const offset = (f.page - 1) * f.perPage;
  if (offset >= total && exact) return { total, data: [] };
  const base = filtered(db, f, !(f.keyword && (await walkIsCheaper(db, f, total)))).select('id');
  // Past the middle of an exactly counted list, the page is read from the oldest end (pageWindow).
  const window = pageWindow(offset, f.perPage, exact ? total : null);
  const direction = window.fromOldest ? 'asc' : 'desc';
  const pageIds = base.orderBy('created_at', direction).orderBy('id', direction).limit(window.limit).offset(window.offset);
  const rows = await db
    .selectFrom('materials as m')
    .innerJoin(pageIds.as('p'), 'p.id', 'm.id')
    .select(['m.id', 'm.title', 'm.cm_type', 'm.icon_url', 'm.url', 'm.created_at', 'm.cm_check', 'm.owner_id'])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return {
    total,
    data: rows.map((row) => ({
      cm_id: row.id,
      cm_title: row.title,
      cm_type: row.cm_type,
      cm_icon_url: row.icon_url,
      cm_url: row.url,
      cm_create_time: formatTime(row.created_at),
      cm_check: row.cm_check,
      is_my: row.owner_id === f.userId,
    })),
  };
}
