/**
 * The editor's kinds, save types, cover modes and limits, plain values that contract/editor/index.ts
 * exports and editor/schemas.ts and editor/document.ts build on. The schemas take them
 * from here rather than from the contract module, which imports the schemas' types, so the imports
 * point one way (docs/style.md rule 12).
 */

/** nd_type / nm_type. 1–3 are the landed kinds; collection and post are added by the editor. */
export const EditorKind = { ARTICLE: 1, VIDEO: 2, GALLERY: 3, COLLECTION: 4, POST: 5 } as const;
export type EditorKind = (typeof EditorKind)[keyof typeof EditorKind];
export const EDITOR_KINDS: readonly EditorKind[] = [1, 2, 3, 4, 5];

/** What a save does: keep a draft, publish now (→ 审核中), or publish at `publish_time` (→ 定时发布). */
export const SaveType = { DRAFT: 1, PUBLISH: 2, SCHEDULE: 3 } as const;
export type SaveType = (typeof SaveType)[keyof typeof SaveType];

/** Cover modes of an article: 单图 (one cover), 三图 (three), 无封面 (none). */
export const CoverMode = { NONE: 0, SINGLE: 1, TRIPLE: 3 } as const;
export type CoverMode = (typeof CoverMode)[keyof typeof CoverMode];

export const EDITOR_LIMITS = {
  TITLE_MIN: 5,
  TITLE_MAX: 64,
  SUMMARY_MAX: 128,
  /** Visible characters of an article body (a 50,000-character article fits twice). */
  ARTICLE_TEXT_MAX: 100_000,
  /** Video, gallery and collection descriptions. */
  DESCRIPTION_MAX: 2_000,
  POST_TEXT_MAX: 2_000,
  POST_IMAGES_MAX: 9,
  GALLERY_MIN: 3,
  GALLERY_MAX: 50,
  CAPTION_MAX: 200,
  COLLECTION_MIN: 2,
  COLLECTION_MAX: 100,
  /** Characters of stored HTML (formats included); the route's body limit is sized for it. */
  CONTENT_HTML_MAX: 1_000_000,
  URL_MAX: 2_048,
  /** An inline (data:) cover or image. */
  DATA_IMAGE_MAX: 8_192,
  SCHEDULE_MIN_MS: 10 * 60_000,
  SCHEDULE_MAX_MS: 7 * 24 * 3_600_000,
  /** Server versions kept per draft (历史版本). */
  VERSIONS_KEPT: 50,
  AUTOSAVE_IDLE_MS: 3_000,
  AUTOSAVE_MAX_INTERVAL_MS: 60_000,
  JOURNAL_DELAY_MS: 1_000,
  FONT_SIZES: [12, 14, 16, 18, 24, 36],
  BOTTOM_MARGIN: 50,
} as const;
