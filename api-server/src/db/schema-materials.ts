/**
 * The material tables (migration 0030_materials), merged into `Database` of schema.ts so the
 * materials feature keeps its types beside the shared file instead of growing it.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MaterialsTable {
  id: Generated<number>;
  owner_id: number;
  /** 1 manuscript, 2 image, 3 video/other. */
  cm_type: Generated<number>;
  title: string;
  describe: Generated<string>;
  /** The object in storage ('' for seeded rows that point elsewhere). */
  object_key: Generated<string>;
  url: string;
  icon_url: string;
  size: Generated<number>;
  /** Audit status: 1 unreviewed, 4 in review, 2 approved, 3 failed. */
  cm_check: Generated<number>;
  audit_reason: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: NullableTimestamp;
}

export interface MaterialCountsTable {
  /** 0 counts everyone's materials. */
  owner_id: number;
  cm_type: number;
  cm_check: number;
  n: number;
}

/** The same counters per day (UTC) of `created_at` (migration 0140), for a deep page's seek. */
export interface MaterialDayCountsTable extends MaterialCountsTable {
  day: string;
}

export interface LabelsTable {
  id: Generated<number>;
  name: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface MaterialLabelsTable {
  material_id: number;
  label_id: number;
}

export interface MaterialLogsTable {
  id: Generated<number>;
  material_id: number;
  user_id: number | null;
  /** cml_behavior of docs/product.md §3 (MaterialLogCode), or an audit step (see features/materials/audit.ts). */
  behavior: number;
  note: Generated<string>;
  created_at: CreatedAt;
}

export interface MaterialUsagesTable {
  id: Generated<number>;
  material_id: number;
  user_id: number;
  /** The manuscript kind chosen after 使用: 1 article, 2 video, 3 gallery. */
  nm_type: number;
  nm_title: Generated<string>;
  /** The manuscript that uses the material (set by publishing, 0100); null for a `/api/material/use` row. */
  manuscript_id: number | null;
  created_at: CreatedAt;
}

export type MaterialRow = Selectable<MaterialsTable>;

declare module './schema' {
  interface Database {
    materials: MaterialsTable;
    material_counts: MaterialCountsTable;
    material_day_counts: MaterialDayCountsTable;
    labels: LabelsTable;
    material_labels: MaterialLabelsTable;
    material_logs: MaterialLogsTable;
    material_usages: MaterialUsagesTable;
  }
}
