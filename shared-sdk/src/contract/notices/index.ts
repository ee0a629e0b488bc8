/** Notices (GET /api/notice/list, POST /api/notice/read, the unread counts): their types and tabs. */
import type { DataOf, RequestOf } from '../core/route';
import type * as notices from './schemas';

/** NoticeTab and NOTICE_TABS_ORDER: schemas.ts builds on them. */
export * from './values';

export type NoticeItem = notices.NoticeItem;
export type NoticeListRequest = RequestOf<typeof notices.noticeList>;
export type NoticeListAnswer = DataOf<typeof notices.noticeList>;
export type NoticeReadRequest = RequestOf<typeof notices.noticeRead>;
