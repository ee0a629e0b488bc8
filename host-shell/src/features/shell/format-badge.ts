import { LIMITS } from 'shared-sdk';

/** The unread badge's text (docs/product.md §3, §9): the count, or 99+ above 99; nothing for 0. */
export function formatBadge(count: number): string {
  if (count <= 0) return '';
  return count > LIMITS.UNREAD_BADGE_MAX ? `${LIMITS.UNREAD_BADGE_MAX}+` : String(count);
}
