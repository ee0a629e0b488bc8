/** The rollout's load-report, error-report and field-vitals tables (migrations 0046_remote_loads, 0240_error_reports, 0260_web_vitals), merged into `Database` of schema.ts. */
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

/** Failures users' pages reported, by remote, version and fingerprint (migration 0240_error_reports). */
export interface RemoteErrorsTable {
  env: string;
  remote: string;
  version: string;
  fingerprint: string;
  kind: string;
  message: string;
  /** The first frame mapped to the remote's source, `src/…:line:column`; empty when none could be. */
  source: Generated<string>;
  /** One mapped stack, a sample. */
  stack: Generated<string>;
  count: ColumnType<string, string | number | undefined, string | number>;
  first_seen: ColumnType<Date, Date | string | undefined, Date | string>;
  last_seen: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The `x-request-id` of the latest failed answers reported (at most ERROR_REPORT_LIMITS.REQUEST_IDS), newest first. */
  request_ids: Generated<string[]>;
}

export interface RemoteErrorSessionsTable {
  env: string;
  remote: string;
  version: string;
  run: number;
  page_load: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Field vitals of page loads, once per page load and metric (migration 0260_web_vitals). */
export interface RemoteVitalsTable {
  env: string;
  remote: string;
  version: string;
  run: number;
  page_load: string;
  /** LCP or INP. */
  metric: string;
  /** Rounded milliseconds. */
  value_ms: number;
  /** Above web.dev's threshold (LCP 4,000 ms, INP 500 ms). */
  poor: boolean;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module './schema' {
  interface Database {
    remote_vitals: RemoteVitalsTable;
    remote_errors: RemoteErrorsTable;
    remote_error_sessions: RemoteErrorSessionsTable;
    remote_load_reports: RemoteLoadReportsTable;
    remote_load_counts: RemoteLoadCountsTable;
  }
}
