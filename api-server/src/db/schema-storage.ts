/** The orphan sweep's tables (migration 0170_upload_references), merged into `Database` of schema.ts. */
import type { ColumnType } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A name (32 hex) of an uploaded object some record has named; `swept_at` set: removed as never named. */
export interface UploadRefsTable {
  name: string;
  referenced_at: ColumnType<Date, Date | string | undefined, never>;
  swept_at: NullableTimestamp;
  /** When the last live row naming it stopped naming it (migration 0211); null while one does. */
  released_at: NullableTimestamp;
}

/** A live row naming an upload (migration 0211): `row_id` is its primary key's values joined by `:`. */
export interface UploadRefRowsTable {
  name: string;
  tbl: string;
  row_id: string;
}

/** A job that runs once across replicas: when it is next due, and the lease of the process running it. */
export interface PeriodicRunsTable {
  job: string;
  next_run_at: ColumnType<Date, Date | string, Date | string>;
  lease_until: NullableTimestamp;
  held_by: ColumnType<string, string | undefined, string>;
}

/** Credentials handed out for one object (migration 0210_upload_grants): its kind and declared size, the size found. */
export interface UploadGrantsTable {
  object_key: string;
  owner_id: number;
  kind: string;
  declared_bytes: ColumnType<string, number | string, number | string>;
  size: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  granted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module './schema' {
  interface Database {
    upload_grants: UploadGrantsTable;
    upload_refs: UploadRefsTable;
    upload_ref_rows: UploadRefRowsTable;
    periodic_runs: PeriodicRunsTable;
  }
}
