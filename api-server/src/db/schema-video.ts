/** The video service's jobs (migration 0090_video_jobs), merged into `Database` of schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface VideoJobsTable {
  /** 32 random hex characters: the Vid of docs/product.md §3. */
  vid: string;
  user_id: number;
  source_key: string;
  /** 0 转码中, 1 转码完成, 2 转码失败 (shared-sdk VideoState). */
  state: Generated<number>;
  lease_until: NullableTimestamp;
  attempts: Generated<number>;
  output_key: Generated<string>;
  poster_key: Generated<string>;
  error: Generated<string>;
  /** Whole percent transcoded, 0–99 while 转码中 (migration 0150_video_job_progress). */
  progress: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type VideoJobRow = Selectable<VideoJobsTable>;

declare module './schema' {
  interface Database {
    video_jobs: VideoJobsTable;
  }
}
