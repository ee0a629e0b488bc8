/** Table shapes of migration 0010_drafts (drafts, manuscripts and their counters), as Kysely sees them. */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Written as JSON text (both engines' drivers would otherwise encode JS arrays as SQL arrays). */
type JsonArray<T> = ColumnType<T[], string | undefined, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface ContentColumns {
  id: Generated<number>;
  /** Stable id across systems (docs/product.md §7 global_ids). */
  global_id: string;
  user_id: number;
  /** 1 article, 2 video, 3 gallery, 4 collection, 5 post (EditorKind). */
  type: number;
  title: Generated<string>;
  cover_urls: JsonArray<string>;
  /** HTML as the editor saved it (through lib/html-sanitizer since 0050); sanitized again where shown. */
  body: Generated<string>;
  // The kinds' own fields (migration 0050_editor; EditorDocument of shared-sdk/contract).
  summary: Generated<string>;
  /** CoverMode: 0 none, 1 single, 3 three. */
  cover_mode: Generated<number>;
  original: Generated<boolean>;
  video_url: Generated<string>;
  video_poster: Generated<string>;
  video_vid: Generated<string>;
  /** Gallery or post images. */
  images: JsonArray<{ url: string; caption: string }>;
  cover_index: Generated<number>;
  /** Collection items: manuscript ids in order. */
  item_ids: JsonArray<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Soft delete: null while the row is live. */
  deleted_at: NullableTimestamp;
}

export interface DraftsTable extends ContentColumns {
  /** Bumped by every save; a save based on an older one is refused (EditorCode.VERSION_CONFLICT). */
  version: Generated<number>;
  /** The manuscript this draft edits, if any. */
  manuscript_id: number | null;
}

export interface ManuscriptsTable extends ContentColumns {
  /** ManuscriptStatus of shared-sdk/contract. */
  status: number;
  /** The review pipeline's code, read with the type's label map. */
  review_code: number | null;
  /** PUBLISH_PLATFORMS keys. */
  platforms: JsonArray<number>;
  scheduled_at: NullableTimestamp;
  published_at: NullableTimestamp;
  /** Why an operator rejected it (未通过); shown to the creator. */
  reject_reason: Generated<string>;
}

/** Live rows per owner, kind, type and status (0 for drafts); kept by triggers. */
export interface ContentCountsTable {
  user_id: number;
  kind: 'draft' | 'manuscript';
  type: number;
  status: number;
  count: number;
}

/** The same per day (UTC) of `created_at` (migration 0141), for a deep page's seek. */
export interface ContentDayCountsTable extends ContentCountsTable {
  day: string;
}

export type DraftRow = Selectable<DraftsTable>;
export type ManuscriptRow = Selectable<ManuscriptsTable>;
