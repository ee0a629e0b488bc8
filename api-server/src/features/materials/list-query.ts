/**
 * The material list (POST /api/material/list). Every filter order has its index (migrations 0030,
 * 0140); pages are read with a deferred join, so a page walks the index only and reads 24 rows; a
 * deep page seeks by the day counters; totals come from the trigger-kept counters, or, for a keyword
 * or date search, from a count that stops early (`lib/paging.ts`: see README, what a capped total
 * means for the pager).
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Material } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { type PageSource, readListPage } from '../../lib/list-page';
import { hasPlannedKeys, searchPlan } from '../../lib/paging';
import { formatTime } from '../../lib/china-time';
import { titleHolds } from '../../lib/keyword';

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
 * The list's rows. With a keyword, `useGrams` adds the scoped gram index's condition (the rare
 * keyword's way); without it the rows are what a walk of the date-ordered index finds, checking
 * `title_lower` (0140) in the index itself.
 */
function filtered(db: Db, f: ListFilters, useGrams = true): MaterialQuery {
  let query = db.selectFrom('materials').where('deleted_at', 'is', null).where('cm_type', '=', f.cmType);
  query = f.all ? query.where('cm_check', '=', 2) : query.where('owner_id', '=', f.userId);
  if (!f.all && f.cmCheck) query = query.where('cm_check', '=', f.cmCheck);
  if (f.start) query = query.where('created_at', '>=', f.start);
  if (f.end) query = query.where('created_at', '<=', f.end);
  if (f.keyword) {
    // The scoped gram index of the list (0101): the approved library's, or the owner's.
    if (useGrams) query = query.where(hasPlannedKeys(f.all ? sql`scoped_grams(0, cm_type, title)` : sql`scoped_grams(owner_id, cm_type, title)`));
    query = query.where(titleHolds(f.keyword));
  }
  return query;
}

/** The public library shows approved materials only: asking it for another status finds nothing. */
function impossible(f: ListFilters): boolean {
  return f.all && f.cmCheck !== 0 && f.cmCheck !== 2;
}

/** The counter rows of the list's scope: everyone's approved, or the owner's (of one status when filtered). */
function counters(db: Db, table: 'material_counts' | 'material_day_counts', f: ListFilters) {
  let rows = db
    .selectFrom(table)
    .where('owner_id', '=', f.all ? 0 : f.userId)
    .where('cm_type', '=', f.cmType);
  if (f.all) rows = rows.where('cm_check', '=', 2);
  else if (f.cmCheck) rows = rows.where('cm_check', '=', f.cmCheck);
  return rows;
}

/**
 * Where the page and its total come from (`readListPage`): a keyword's from its gram matches or a
 * walk, a date range's alone from the date-ordered index (both capped), an unfiltered list's from the
 * counters (a deep page seeking by the day counters, 0140).
 */
function sourceOf(db: Db, f: ListFilters): PageSource {
  // The list's exact total, from the trigger-kept counters (at most 4 rows).
  if (!f.keyword && (f.start || f.end)) return { capped: filtered(db, f), walk: filtered(db, f).select('id') };
  const scope = counters(db, 'material_counts', f).select(sql<number>`coalesce(sum(n), 0)`.as('n'));
  if (f.keyword) {
    const index = f.all ? 'materials_public_grams_idx' : 'materials_mine_grams_idx';
    const search = { gin: filtered(db, f).select(['id', 'created_at']), walk: filtered(db, f, false).select(['id', 'created_at']) };
    return { search: { ...search, plan: searchPlan(index, f.all ? 0 : f.userId, f.cmType, f.keyword, scope) } };
  }
  const days = sql<{ day: string; n: number }>`${counters(db, 'material_day_counts', f)
    .select(['day', sql`sum(n)`.as('n')])
    .groupBy('day')}`;
  return { counted: scope, ids: filtered(db, f).select('id'), days };
}

const COLUMNS = ['m.id', 'm.title', 'm.cm_type', 'm.icon_url', 'm.url', 'm.created_at', 'm.cm_check', 'm.owner_id'] as const;

/** `capped`: more matches exist than `total` (the pager shows "total+"); only a keyword or date search sets it. */
export async function listMaterials(db: Db, f: ListFilters): Promise<{ total: number; capped: boolean; data: Material[] }> {
  if (impossible(f)) return { total: 0, capped: false, data: [] };
  const { total: found, rows } = await readListPage(db, sourceOf(db, f), (f.page - 1) * f.perPage, f.perPage, (ids) =>
    db.selectFrom('materials as m').select(COLUMNS).where('m.id', 'in', ids),
  );
  return {
    total: found.count,
    capped: found.capped,
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
