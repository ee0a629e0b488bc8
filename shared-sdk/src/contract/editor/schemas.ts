/**
 * The writing screens' calls (docs/product.md §2 "Rich-text editor", §4, §5): save / publish / schedule,
 * draft versions, the material pre-fill, and the operator's review. The save's form fields are the
 * editor's wire format (`toArticleAddRequest` in contract/editor/index.ts): structured fields as JSON text
 * or comma lists.
 */
import { type Static, Type } from 'typebox';
import { CoverMode, EDITOR_LIMITS, SaveType } from './values';
import { Id, Nullable, OneOf } from '../core/common';
import { EditorDocument, EditorKindSchema } from './document';
import { defineRoute } from '../core/route';

const tag = 'editor';

/**
 * What the server takes for a document field the form leaves out: each may be absent (the validator
 * fills its default in), though the editor sends them all (`toArticleAddRequest`).
 */
export const ARTICLE_FORM_DEFAULTS = {
  title: '',
  content: '',
  summary: '',
  cover_mode: CoverMode.SINGLE,
  covers: '',
  original: 0,
  video_url: '',
  video_poster: '',
  video_vid: '',
  images: '',
  cover_index: 0,
  item_ids: '',
} as const;
const D = ARTICLE_FORM_DEFAULTS;

/**
 * An optional text field of the form. Generous outer bounds only: the exact limits are
 * validateEditorDocument's, which answers in the words the editor shows.
 */
const FormText = (maxLength: number, fallback: string) => Type.Optional(Type.String({ maxLength, default: fallback }));

export const ArticleAddForm = Type.Object({
  save_type: OneOf(Object.values(SaveType), { description: '1 keep a draft, 2 publish now (审核中), 3 publish at publish_time (定时发布)' }),
  type: EditorKindSchema,
  /** Update this draft; absent for a new one. */
  draft_id: Type.Optional(Id),
  /** With draft_id: the version this save was based on. A stale one is refused (1020). */
  base_version: Type.Optional(Id),
  /** Publishing an edit of a published manuscript: the manuscript to update (re-enters review). */
  manuscript_id: Type.Optional(Id),
  /** save_type 3: 'YYYY-MM-DD HH:mm:ss', China time, 10 minutes to 7 days ahead. */
  publish_time: Type.Optional(Type.String({ maxLength: 32 })),
  title: FormText(1_000, D.title),
  content: FormText(EDITOR_LIMITS.CONTENT_HTML_MAX * 2, D.content),
  summary: FormText(2_000, D.summary),
  cover_mode: Type.Optional(OneOf(Object.values(CoverMode), { default: D.cover_mode, description: '1 单图, 3 三图, 0 无封面' })),
  /** JSON array of cover URLs. */
  covers: FormText(40_000, D.covers),
  /** 1 declares original work. */
  original: Type.Optional(OneOf([0, 1] as const, { default: D.original })),
  video_url: FormText(EDITOR_LIMITS.URL_MAX * 2, D.video_url),
  video_poster: FormText(EDITOR_LIMITS.DATA_IMAGE_MAX * 2, D.video_poster),
  video_vid: FormText(512, D.video_vid),
  /** JSON array of {url, caption}. */
  images: FormText(EDITOR_LIMITS.GALLERY_MAX * (EDITOR_LIMITS.DATA_IMAGE_MAX + 1_000), D.images),
  cover_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000, default: D.cover_index })),
  /** "12,7,9": collection items in order. */
  item_ids: FormText(2_400, D.item_ids),
});

export const ArticleSaved = Type.Object({
  /** The draft saved (for publish/schedule: the draft that was published; it leaves the draft list). */
  draft_id: Type.Integer(),
  /** The draft's version after this save (send it as the next base_version). */
  version: Type.Integer(),
  update_time: Type.String(),
  /** Set when published or scheduled. */
  manuscript_id: Nullable(Type.Integer()),
  /** ManuscriptStatus when published (5 审核中) or scheduled (12 定时发布); null for a draft save. */
  status: Nullable(Type.Integer()),
  /** The scheduled time when scheduled, else null. */
  publish_time: Nullable(Type.String()),
});
export type ArticleSaved = Static<typeof ArticleSaved>;

/**
 * data of a 1020 refusal (a stale base_version): the server's current state of the draft. The
 * `refusal` of a save and of a restore, never the data of a successful answer.
 */
export const VersionConflict = Type.Object({ draft_id: Type.Integer(), version: Type.Integer(), update_time: Type.String() });
export type VersionConflict = Static<typeof VersionConflict>;

export const articleAdd = defineRoute({
  method: 'POST',
  url: '/api/article/add',
  operationId: 'articleAdd',
  summary: 'Save a draft, publish, or schedule (every kind of the writing screens)',
  description:
    "Refusals in order: real-name 1005, ban of the kind's range 1006, parameters and limits 1002, ownership 1003/1004, stale base_version 1020 (data: the current version), state 1009, then publishing's own (videos not transcoded, the edited manuscript back in review). The HTML is sanitised on save.",
  tag,
  body: ArticleAddForm,
  data: ArticleSaved,
  refusal: VersionConflict,
});

export const DraftVersionItem = Type.Object({
  version: Type.Integer(),
  create_time: Type.String(),
  /** Characters of the stored content HTML. */
  size: Type.Integer(),
  title: Type.String(),
});

export const draftVersions = defineRoute({
  method: 'GET',
  url: '/api/draft/versions',
  operationId: 'draftVersions',
  summary: "A draft's server versions (历史版本), newest first, at most 50",
  tag,
  querystring: Type.Object({ id: Id }),
  data: Type.Object({ current: Type.Integer(), list: Type.Array(DraftVersionItem) }),
});

export const draftVersion = defineRoute({
  method: 'GET',
  url: '/api/draft/version',
  operationId: 'draftVersion',
  summary: "One version's document (content sanitised)",
  tag,
  querystring: Type.Object({ id: Id, version: Id }),
  data: Type.Object({ ...DraftVersionItem.properties, document: EditorDocument }),
});

export const draftRestoreVersion = defineRoute({
  method: 'POST',
  url: '/api/draft/restoreVersion',
  operationId: 'draftRestoreVersion',
  summary: 'Restore a version: the old document becomes a new version (msg 已恢复该版本)',
  description: 'A stale base_version answers 1020 with the current version, as a save does.',
  tag,
  body: Type.Object({ id: Id, version: Id, base_version: Type.Optional(Id) }),
  data: ArticleSaved,
  refusal: VersionConflict,
});

export const useMaterial = defineRoute({
  method: 'POST',
  url: '/api/editor/useMaterial',
  operationId: 'editorUseMaterial',
  summary: 'Record a 使用 of a material and answer what the writing screen pre-fills',
  description:
    'Images (2) and videos (3) only, my own or approved public ones, for a kind they suit: images serve articles, galleries, posts and collection covers; videos serve articles and videos.',
  tag,
  body: Type.Object({ material_id: Id, type: EditorKindSchema }),
  data: Type.Object({
    cm_id: Type.Integer(),
    cm_type: Type.Integer(),
    cm_title: Type.String(),
    cm_url: Type.String(),
    cm_icon_url: Type.String(),
    /** How the editor uses it: an image (into the body, a cover or the image list) or the video. */
    insert: OneOf(['image', 'video'] as const),
  }),
});

/** An operator's decisions: approve (→ 已发布), reject (→ 未通过, with a reason), offline (→ 已下线). */
export const REVIEW_DECISIONS = ['approve', 'reject', 'offline'] as const;
export type ReviewAction = (typeof REVIEW_DECISIONS)[number];
/** Characters of a rejection's reason (the creator reads it as nm_reject_reason). */
export const REJECT_REASON_MAX = 200;

export const operatorManuscriptReview = defineRoute({
  method: 'POST',
  url: '/operator/manuscript/review',
  operationId: 'operatorManuscriptReview',
  summary: "The operator's review of a manuscript (the CLI's path while a server holds the database)",
  description: 'Needs the x-operator-token header (403 otherwise); not signed.',
  tag,
  auth: 'public',
  body: Type.Object({ id: Id, decision: OneOf(REVIEW_DECISIONS), reason: Type.Optional(Type.String({ maxLength: REJECT_REASON_MAX * 4, default: '' })) }),
  data: Type.Object({ message: Type.String() }),
});
