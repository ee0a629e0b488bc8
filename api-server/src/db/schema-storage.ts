/** The orphan sweep's tables (migration 0170_upload_references), merged into `Database` of schema.ts. */
import type { ColumnType } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A name (32 hex) of an uploaded object some record has named; `swept_at` set: removed as never named. */
export interface UploadRefsTable {
  name: string;
  referenced_at: ColumnType<Date, Date | string | undefined, never>;
  swept_at: NullableTimestamp;
}

/** A job that runs once across replicas: when it is next due, and the lease of the process running it. */
export interface PeriodicRunsTable {
  job: string;
  next_run_at: ColumnType<Date, Date | string, Date | string>;
  lease_until: NullableTimestamp;
  held_by: ColumnType<string, string | undefined, string>;
}

declare module './schema' {
  interface Database {
    upload_refs: UploadRefsTable;
    periodic_runs: PeriodicRunsTable;
  }
}
