/** Notices: the header badge's unread counts and the notice screen (docs/product.md §7, §3 unread count). */
import { type Static, Type } from 'typebox';
import { NOTICE_TABS_ORDER } from './values';
import { CountData, FIRST_PAGE, INT32_MAX, IdList, NoData, OneOf, Paging } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'notices';
const NoticeTab = OneOf(NOTICE_TABS_ORDER as readonly ['0', '1', 'community'], { description: "'0' and '1': app notices of that type; 'community'" });

export const NoticeItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  /** ISO 8601. */
  created_at: Type.String(),
  read: Type.Boolean(),
});
export type NoticeItem = Static<typeof NoticeItem>;

/** What the server assumes when the notice list is asked for without `page` / `size`. */
export const NOTICE_PAGE_DEFAULTS = { page: FIRST_PAGE, size: 10 } as const;

export const noticeNoReadNums = defineRoute({
  method: 'GET',
  url: '/api/notice/getMpNoReadNums',
  operationId: 'noticeNoReadNums',
  summary: 'Unread app notices of one type',
  tag,
  querystring: Type.Object({ type: OneOf([0, 1] as const) }),
  data: CountData,
});

export const noticeCommunityNoReadNums = defineRoute({
  method: 'GET',
  url: '/api/notice/getCommunityNoReadNums',
  operationId: 'noticeCommunityNoReadNums',
  summary: 'Unread community notices',
  tag,
  data: CountData,
});

export const noticeList = defineRoute({
  method: 'GET',
  url: '/api/notice/list',
  operationId: 'noticeList',
  summary: 'One tab of the notice screen, newest first',
  tag,
  querystring: Type.Object({
    type: NoticeTab,
    // Any page within 32 bits (deeper than the rest: the notice screen has always taken it).
    ...Paging({ size: NOTICE_PAGE_DEFAULTS.size, sizeMax: 100, pageMax: INT32_MAX }),
  }),
  data: Type.Object({ list: Type.Array(NoticeItem), total: Type.Integer() }),
});

export const noticeRead = defineRoute({
  method: 'POST',
  url: '/api/notice/read',
  operationId: 'noticeRead',
  summary: 'Mark notices read: `ids`, or `all=1` with `type`',
  description: "Only the caller's own notices change. Neither `ids` nor `all=1` with `type`: 1002.",
  tag,
  body: Type.Object({ ids: Type.Optional(IdList(1000)), all: Type.Optional(OneOf([1] as const)), type: Type.Optional(NoticeTab) }),
  data: NoData,
});
