/**
 * The notice list's tabs, plain values that notices/index.ts exports and notices/schemas.ts builds
 * on. The schemas take them from here rather than from the contract module, which imports the
 * schemas' types, so the imports point one way (docs/style.md rule 12).
 */

/** App notices of type 0 and 1, and community notices (docs/product.md §3, unread count). */
export type NoticeTab = '0' | '1' | 'community';
export const NOTICE_TABS_ORDER: readonly NoticeTab[] = ['0', '1', 'community'];
