/** The rollout's load-report tables (migration 0046_remote_loads), merged into `Database` of schema.ts. */
import type { ColumnType, Generated } from 'kysely';

export interface RemoteLoadReportsTable {
  env: string;
  remote: string;
  version: string;
  /** The canary run (the manifest revision that started it; 0 outside a canary) the report counted in. */
  run: number;
  user_id: number;
  /** The host's id for one page load: a page's reports count once per remote and version. */
  page_load: string;
  ok: boolean;
  phase: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface RemoteLoadCountsTable {
  env: string;
  remote: string;
  version: string;
  run: number;
  loads: Generated<number>;
  failures: Generated<number>;
}

declare module './schema' {
  interface Database {
    remote_load_reports: RemoteLoadReportsTable;
    remote_load_counts: RemoteLoadCountsTable;
  }
}
