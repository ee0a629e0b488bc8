/** Comma-separated id lists in request parameters ("1,2,3"), as the delete and label calls send them. */
import { ApiCode } from 'shared-sdk/contract';
import { ApiError } from './api-error';
import { INT32_MAX } from './request-input';

export interface IdListRule {
  /** The most ids one list may hold. */
  max: number;
  /** The refusal's message (1002), the same for every way the list is wrong. */
  message: string;
  /** The largest id accepted (at most INT32_MAX, the columns' integer). */
  maxId?: number;
}

/**
 * "1,2,3" → [1, 2, 3]; refuses (1002, `rule.message`) an empty list or item, anything but a positive
 * decimal without leading zeros, an id above `rule.maxId`, duplicates, and more than `rule.max` ids.
 */
export function parseIdList(raw: string, rule: IdListRule): number[] {
  const maxId = Math.min(rule.maxId ?? INT32_MAX, INT32_MAX);
  const parts = raw.split(',').map((part) => part.trim());
  const ids = parts.map(Number);
  const valid =
    parts.length <= rule.max && parts.every((part) => /^[1-9]\d{0,9}$/.test(part)) && ids.every((id) => id <= maxId) && new Set(ids).size === ids.length;
  if (!valid) throw new ApiError(ApiCode.INVALID_PARAMS, rule.message);
  return ids;
}
