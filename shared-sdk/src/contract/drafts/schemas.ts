/**
 * Drafts (docs/product.md §2 /draft, /scriptDetail; §7 draft calls) and the manuscript library
 * (/personalScript): search, show, delete, withdraw. Lists answer `returnData` and `count` as the
 * docs/product.md §7 names them, plus `capped`.
 */
import { type Static, Type } from 'typebox';
import { DRAFT_QUERY_LIMITS, WithdrawTarget } from './values';
import { EDITOR_KINDS } from '../editor/values';
import { LIMITS } from '../core/enums';
import { FIRST_PAGE, Id, Nullable, NoData, OneOf, Paging } from '../core/common';
import { EditorFields, EditorKindSchema } from '../editor/document';
import { defineRoute } from '../core/route';

const tag = 'drafts';

/** Ids one delete may name (checked by the server's id-list parser, in its own words). */
export const DRAFT_IDS_MAX = 100;
/** What the server assumes when a list is asked for without `page`, `size` or `title` (and the draft search without `type`: every kind). */
export const DRAFT_LIST_DEFAULTS = { type: 0, page: FIRST_PAGE, size: LIMITS.DRAFT_PAGE_SIZE, title: '' } as const;

const paging = {
  ...Paging({ size: DRAFT_LIST_DEFAULTS.size, sizeMax: DRAFT_QUERY_LIMITS.SIZE_MAX, pageMax: DRAFT_QUERY_LIMITS.PAGE_MAX }),
  /** A keyword of the title; '' lists everything. */
  title: Type.Optional(Type.String({ maxLength: DRAFT_QUERY_LIMITS.TITLE_MAX, default: DRAFT_LIST_DEFAULTS.title })),
};
/** `ids=3,5,8`: parsed by the server, which answers a malformed list in its own words. */
const IdsText = Type.String({ minLength: 1, maxLength: DRAFT_IDS_MAX * 12 });
const ById = Type.Object({ id: Id });

/** `count`'s companion: more matches exist than `count` (a keyword's count stops early); the pager shows "count+". */
const Capped = Type.Boolean();

export const Draft = Type.Object({
  nd_id: Type.Integer(),
  global_id: Type.String(),
  nd_type: Type.Integer(),
  nd_title: Type.String(),
  nd_cover_url: Type.Array(Type.String()),
  nd_create_time: Type.String(),
});
export type Draft = Static<typeof Draft>;

export const DraftDetail = Type.Object({
  ...Draft.properties,
  /** The body as stored by the editor: HTML, sanitized; sanitize again before it is shown. */
  nd_content: Type.String(),
  nd_update_time: Type.String(),
  nd_version: Type.Integer(),
  /** The manuscript this draft edits, or null. */
  nd_manuscript_id: Nullable(Type.Integer()),
  /** What reopens the draft in its writing screen. */
  nd_editor: EditorFields,
});

export const Manuscript = Type.Object({
  nm_id: Type.Integer(),
  global_id: Type.String(),
  nm_type: Type.Integer(),
  nm_title: Type.String(),
  nm_cover_url: Type.Array(Type.String()),
  /** Lifecycle state (ManuscriptStatus); read it with manuscriptStatusLabel. */
  nm_status: Type.Integer(),
  /** The review pipeline's code in the type's label map, or null. */
  nm_review_code: Nullable(Type.Integer()),
  /** Publishing platforms (PUBLISH_PLATFORMS keys). */
  nm_platforms: Type.Array(Type.Integer()),
  nm_create_time: Type.String(),
  nm_publish_time: Nullable(Type.String()),
  nm_scheduled_time: Nullable(Type.String()),
});
export type Manuscript = Static<typeof Manuscript>;

export const ManuscriptDetail = Type.Object({
  ...Manuscript.properties,
  nm_content: Type.String(),
  nm_update_time: Type.String(),
  /** The operator's reason when 未通过 (6); '' otherwise. */
  nm_reject_reason: Type.String(),
  nm_editor: EditorFields,
});

export const draftSearch = defineRoute({
  method: 'GET',
  url: '/api/draft/search',
  operationId: 'draftSearch',
  summary: 'My drafts of one kind (0: every kind), newest first',
  tag,
  querystring: Type.Object({ type: Type.Optional(OneOf([0, ...EDITOR_KINDS], { description: '0 every kind', default: DRAFT_LIST_DEFAULTS.type })), ...paging }),
  data: Type.Object({ returnData: Type.Array(Draft), count: Type.Integer(), capped: Capped }),
});

export const draftShow = defineRoute({
  method: 'GET',
  url: '/api/draft/show',
  operationId: 'draftShow',
  summary: 'One of my drafts, with what reopens it in its writing screen',
  description: 'Open to unverified creators (reading). 1004 when missing, 1003 when not mine.',
  tag,
  querystring: ById,
  data: DraftDetail,
});

export const draftDelete = defineRoute({
  method: 'POST',
  url: '/api/draft/del',
  operationId: 'draftDelete',
  summary: 'Delete my drafts (msg 删除成功!)',
  description: '`global_ids`, when given, names the same drafts in the same order (1002 otherwise). 1005 without real-name, 1006 under a content ban.',
  tag,
  body: Type.Object({ ids: IdsText, global_ids: Type.Optional(Type.String({ maxLength: DRAFT_IDS_MAX * 50, default: '' })) }),
  data: NoData,
});

export const manuscriptList = defineRoute({
  method: 'GET',
  url: '/api/manuscript/list',
  operationId: 'manuscriptList',
  summary: 'My manuscripts of one kind and status filter, newest first',
  description: "`status` is a value of the kind's filter list (ARTICLE_STATUS_FILTERS or OTHER_STATUS_FILTERS); another answers 1002.",
  tag,
  querystring: Type.Object({ type: EditorKindSchema, status: Type.Integer(), ...paging }),
  data: Type.Object({ returnData: Type.Array(Manuscript), count: Type.Integer(), capped: Capped }),
});

export const manuscriptShow = defineRoute({
  method: 'GET',
  url: '/api/manuscript/show',
  operationId: 'manuscriptShow',
  summary: 'One of my manuscripts, with what reopens it in its writing screen',
  tag,
  querystring: ById,
  data: ManuscriptDetail,
});

export const manuscriptWithdraw = defineRoute({
  method: 'POST',
  url: '/api/manuscript/withdraw',
  operationId: 'manuscriptWithdraw',
  summary: 'Withdraw a scheduled manuscript: to 仅我可见 (private) or back to the drafts (msg 撤回成功)',
  tag,
  body: Type.Object({ id: Id, to: OneOf(Object.values(WithdrawTarget)) }),
  data: Type.Object({
    nm_status: Nullable(Type.Integer()),
    /** The new draft's id when withdrawn to drafts. */
    nd_id: Nullable(Type.Integer()),
  }),
});

export const manuscriptDelete = defineRoute({
  method: 'POST',
  url: '/api/manuscript/del',
  operationId: 'manuscriptDelete',
  summary: 'Delete my manuscripts (msg 删除成功!); one in review is refused',
  tag,
  body: Type.Object({ ids: IdsText }),
  data: NoData,
});
