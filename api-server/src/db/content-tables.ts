/** Table shapes of migration 0010_drafts (drafts, manuscripts and their counters), as Kysely sees them. */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Written as JSON text (both engines' drivers would otherwise encode JS arrays as SQL arrays). */
type JsonArray<T> = ColumnType<T[], string | undefined, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface ContentColumns {
  id: Generated<number>;
  /** Stable id across systems (spec §7 global_ids). */
  global_id: string;
  user_id: number;
  /** 1 article, 2 video, 3 gallery. */
  type: number;
  title: Generated<string>;
  cover_urls: JsonArray<string>;
  /** HTML as the editor saved it; sanitized where it is shown. */
  body: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Soft delete: null while the row is live. */
  deleted_at: NullableTimestamp;
}

export type DraftsTable = ContentColumns;

export interface ManuscriptsTable extends ContentColumns {
  /** ManuscriptStatus of shared-sdk/contract. */
  status: number;
  /** The review pipeline's code, read with the type's label map. */
  review_code: number | null;
  /** PUBLISH_PLATFORMS keys. */
  platforms: JsonArray<number>;
  scheduled_at: NullableTimestamp;
  published_at: NullableTimestamp;
}

/** Live rows per owner, kind, type and status (0 for drafts); kept by triggers. */
export interface ContentCountsTable {
  user_id: number;
  kind: 'draft' | 'manuscript';
  type: number;
  status: number;
  count: number;
}

export type DraftRow = Selectable<DraftsTable>;
export type ManuscriptRow = Selectable<ManuscriptsTable>;
