/** The login throttle counters (migration 0044_login_throttle), merged into `Database` of schema.ts. */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface LoginThrottleTable {
  /** `p:<address>|<phone>` or `a:<address>`. */
  key: string;
  /** Attempts counted in the current window (each is counted before it is evaluated; a success gives its own back). */
  failures: number;
  window_start: Timestamp;
  last_at: Timestamp;
  /** The counted attempt before the last one: the progressive delay runs from it. */
  prev_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

declare module './schema' {
  interface Database {
    login_throttle: LoginThrottleTable;
  }
}
