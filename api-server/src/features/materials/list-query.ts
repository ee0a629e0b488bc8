/**
 * The material list (POST /api/material/list). Every filter order has its index (migration
 * 0030_materials); pages are read with a deferred join, so a deep page walks the index only and
 * reads 24 rows; totals come from the trigger-kept counters, or, for a keyword or date search, from a
 * count capped at COUNT_CAP (see README: what a capped total means for the pager).
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Material } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { type PageIds, readPageIds } from '../../lib/paging';
import { formatTime } from '../../lib/china-time';
import { containsPattern } from '../../lib/keyword';
import { hasKeywordGrams } from './shared';

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
 * `useGrams: false` leaves out the gram condition: for a keyword that matches COUNT_CAP rows or more,
 * walking the date-ordered index and rechecking the title finds a page after a few hundred rows,
 * where the gram index would collect and sort every match first.
 */
function filtered(db: Db, f: ListFilters, useGrams = true): MaterialQuery {
  let query = db.selectFrom('materials').where('deleted_at', 'is', null).where('cm_type', '=', f.cmType);
  query = f.all ? query.where('cm_check', '=', 2) : query.where('owner_id', '=', f.userId);
  if (!f.all && f.cmCheck) query = query.where('cm_check', '=', f.cmCheck);
  if (f.start) query = query.where('created_at', '>=', f.start);
  if (f.end) query = query.where('created_at', '<=', f.end);
  if (f.keyword) {
    // The scoped gram index of the list (0101): the approved library's, or the owner's.
    if (useGrams && f.all) query = query.where(hasKeywordGrams('materials_public_grams_idx', sql`scoped_grams(0, cm_type, title)`, 0, f.cmType, f.keyword));
    if (useGrams && !f.all) query = query.where(hasKeywordGrams('materials_mine_grams_idx', sql`scoped_grams(owner_id, cm_type, title)`, f.userId, f.cmType, f.keyword));
    query = query.where(sql<boolean>`title ilike ${containsPattern(f.keyword)}`);
  }
  return query;
}

/** The public library shows approved materials only: asking it for another status finds nothing. */
function impossible(f: ListFilters): boolean {
  return f.all && f.cmCheck !== 0 && f.cmCheck !== 2;
}

/** An unfiltered list's exact total, from the trigger-kept counters (at most 4 rows). */
async function countMaterials(db: Db, f: ListFilters): Promise<number> {
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
 * The page's ids and the total (`readPageIds`): a keyword's from its gram matches, a date range's
 * alone from the date-ordered index (both capped), an unfiltered list's from the counters.
 */
function pageOf(db: Db, f: ListFilters): Promise<{ count: number; ids: PageIds }> {
  const source = f.keyword
    ? { search: filtered(db, f).select(['id', 'created_at']), walk: filtered(db, f, false).select('id') }
    : f.start || f.end
      ? { capped: filtered(db, f), walk: filtered(db, f).select('id') }
      : { counted: () => countMaterials(db, f), ids: filtered(db, f).select('id') };
  return readPageIds(db, source, (f.page - 1) * f.perPage, f.perPage);
}

export async function listMaterials(db: Db, f: ListFilters): Promise<{ total: number; data: Material[] }> {
  if (impossible(f)) return { total: 0, data: [] };
  const { count: total, ids: pageIds } = await pageOf(db, f);
  if (Array.isArray(pageIds) && pageIds.length === 0) return { total, data: [] };
  const columns = ['m.id', 'm.title', 'm.cm_type', 'm.icon_url', 'm.url', 'm.created_at', 'm.cm_check', 'm.owner_id'] as const;
  const page = Array.isArray(pageIds)
    ? db.selectFrom('materials as m').select(columns).where('m.id', 'in', pageIds)
    : db.selectFrom('materials as m').innerJoin(pageIds.as('p'), 'p.id', 'm.id').select(columns);
  const rows = await page.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').execute();
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
