/** Helpers the draft and manuscript routes share: id lists, times, title search, pages, refusals. */
import { type Kysely, sql } from 'kysely';
import { ApiCode } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { type AnyRows, cappedCountAndPage, pageWindow } from '../../lib/paging';

export const MAX_PAGE_SIZE = 50;
export const MAX_IDS = 100;
export const TITLE_SEARCH_MAX = 50;

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

/** "1,2,3" → [1, 2, 3]; refuses empty lists, non-numbers, duplicates and more than MAX_IDS. */
export function parseIdList(raw: string): number[] {
  const parts = raw.split(',').map((part) => part.trim());
  const ids = parts.map(Number);
  const valid = parts.length <= MAX_IDS && parts.every((part) => /^[1-9]\d{0,9}$/.test(part)) && new Set(ids).size === ids.length;
  if (!valid || !ids.every((id) => id <= 2_147_483_647)) throw new ApiError(ApiCode.INVALID_PARAMS, DRAFT_MESSAGES.BAD_IDS);
  return ids;
}

/** The drafts' and manuscripts' list order, newest first: every column descending, the last one unique. */
export const NEWEST_FIRST = ['created_at', 'id'] as const;

export interface PageRequest {
  page: number;
  size: number;
  /**
   * No keyword: the exact, cheap total (the counters). It is read first, a page past the end is empty
   * without a query, and a page past the middle is read from the oldest end.
   */
  count: () => Promise<number>;
  /**
   * A keyword: `matches` are the rows the gram index finds (rechecked with ILIKE), selecting id and
   * created_at; they give the total (capped at COUNT_CAP) and, below the cap, the page in the same
   * query. At the cap the page is read by walking `walk` (the same rows without the gram condition)
   * in the list's order: the newest matches are then found after a few rows each, where the gram
   * index would collect and sort every match first.
   */
  search: { matches: AnyRows<{ id: number; created_at: Date }>; walk: AnyRows<{ id: number }> } | null;
}

/**
 * One page of a list shown descending on each of `order`, and the list's total. `ids` selects the
 * ids of the list's rows (filtered, not ordered): the page's ids are found first (an index-only scan
 * over the owner's index, even for a deep page's offset), then `read` reads only those rows.
 */
export async function readPage<Row>(
  db: Kysely<Database>,
  ids: AnyRows<{ id: number }>,
  read: (pageIds: AnyRows<{ id: number }> | number[]) => AnyRows<Row>,
  order: readonly string[],
  request: PageRequest,
): Promise<{ rows: Row[]; count: number }> {
  const offset = (request.page - 1) * request.size;
  const inOrder = (pageIds: AnyRows<{ id: number }> | number[]) => order.reduce((query, column) => query.orderBy(sql.ref(column), 'desc'), read(pageIds)).execute();
  if (request.search) {
    const found = await cappedCountAndPage(db, request.search.matches, offset, request.size);
    if (found.ids) return { rows: found.ids.length ? await inOrder(found.ids) : [], count: found.count };
    // At the cap the pager stops at COUNT_CAP: a page past it is empty rather than a walk of the whole list.
    if (offset >= found.count) return { rows: [], count: found.count };
    const pageIds = order.reduce((query, column) => query.orderBy(sql.ref(column), 'desc'), request.search.walk).limit(request.size).offset(offset);
    return { rows: await inOrder(pageIds), count: found.count };
  }
  const count = await request.count();
  if (offset >= count) return { rows: [], count };
  const window = pageWindow(offset, request.size, count);
  const direction = window.fromOldest ? 'asc' : 'desc';
  const pageIds = order.reduce((query, column) => query.orderBy(sql.ref(column), direction), ids).limit(window.limit).offset(window.offset);
  return { rows: await inOrder(pageIds), count };
}
