/** What the draft and manuscript list routes share: messages, id lists, day counts, title search, pages. */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { drafts } from 'shared-sdk/contract/schemas';
import type { Database } from '../../db/schema';
import type { IdListRule } from '../../lib/ids';
import { type DayCounts, type Listed, type PageSource, type ReadRows, readListPage } from '../../lib/list-page';
import { type AnyRows, type Search, searchPlan } from '../../lib/paging';

export const DRAFT_MESSAGES = {
  DRAFT_NOT_FOUND: '草稿不存在或已删除',
  DRAFT_NOT_YOURS: '无权操作他人的草稿',
  MANUSCRIPT_NOT_FOUND: '稿件不存在或已删除',
  MANUSCRIPT_NOT_YOURS: '无权操作他人的稿件',
  IN_REVIEW: '审核中的稿件不能删除',
  NOT_SCHEDULED: '只有定时发布的稿件可以撤回',
  BAD_IDS: '参数错误：ids 格式不正确',
  BAD_GLOBAL_IDS: '参数错误：global_ids 与 ids 不一致',
} as const;

/** The drafts' and manuscripts' id lists (`parseIdList` in lib/ids.ts): up to DRAFT_IDS_MAX ids, each within 32 bits. */
export const ID_LIST: IdListRule = { max: drafts.DRAFT_IDS_MAX, message: DRAFT_MESSAGES.BAD_IDS };

/** The sum of the counter rows a query selects, as `n`. */
export const TOTAL = sql<number>`coalesce(sum(count), 0)`.as('n');

/** The counter rows' live items per day (`DayCounts`, lib/paging.ts), for a deep page's seek. */
export const dayCounts = (rows: SelectQueryBuilder<Database, 'content_day_counts', object>): DayCounts =>
  sql<{ day: string; n: number }>`${rows.select(['day', sql<number>`sum(count)`.as('n')]).groupBy('day')}`;

/**
 * A keyword search of the owner's drafts or manuscripts (`Search`, lib/paging.ts): `rows(grams)` are
 * the list's rows holding the keyword, found on the owner's gram index `index` (scope `a`/`b`) or,
 * without it, by a walk of the date-ordered index; `scope` counts the list's rows (its counters).
 */
export function titleSearch(
  rows: (grams: boolean) => AnyRows<object>,
  index: string,
  a: number,
  b: number,
  keyword: string,
  scope: AnyRows<{ n: number }>,
): Search {
  return {
    gin: rows(true).select(['id', 'created_at']) as AnyRows<{ id: number; created_at: Date }>,
    walk: rows(false).select(['id', 'created_at']) as AnyRows<{ id: number; created_at: Date }>,
    plan: searchPlan(index, a, b, keyword, scope),
  };
}

/**
 * One page of the drafts or manuscripts, newest first, and the list's total, in one statement
 * (`readListPage`): the page's ids come from `source` (the counters' exact total, or a keyword's
 * capped one), found on the owner's index (index-only, even for a deep page's offset); `read` reads
 * only those rows. `capped`: more matches exist than `count` (a keyword's total stops early).
 */
export async function readPage<Row extends Listed>(
  db: Kysely<Database>,
  read: ReadRows<Row>,
  source: PageSource,
  page: { page: number; size: number },
): Promise<{ rows: Row[]; count: number; capped: boolean }> {
  const { total, rows } = await readListPage(db, source, (page.page - 1) * page.size, page.size, read);
  return { rows, count: total.count, capped: total.capped };
}
