/** Helpers the draft and manuscript routes share: id lists, times, title search, refusals. */
import { ApiCode } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';

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

/** "2025-01-31 09:05:00" in China time (UTC+8, no daylight saving): how the product shows times. */
export function formatTime(value: Date): string;
export function formatTime(value: Date | null): string | null;
export function formatTime(value: Date | null): string | null {
  if (!value) return null;
  return new Date(value.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** An ILIKE pattern matching the keyword anywhere, its wildcards taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function offsetOf(page: number, size: number): number {
  return (page - 1) * size;
}
