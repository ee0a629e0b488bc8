/**
 * The creation score, rank and rights tables (migration 0060_creator_score), merged into `Database`
 * of schema.ts so the score features keep their types beside the shared file.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type CreatorEventKind = 'read' | 'like' | 'comment' | 'share' | 'violation';

export interface CreatorEventsTable {
  id: Generated<number>;
  user_id: number;
  manuscript_id: number | null;
  /** The manuscript's type (1 article, 2 video, 3 gallery); 0 for a violation. */
  content_type: Generated<number>;
  kind: CreatorEventKind;
  amount: Generated<number>;
  note: Generated<string>;
  occurred_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CreatorScoreDailyTable {
  user_id: number;
  /** 'YYYY-MM-DD' in the product's calendar (Asia/Shanghai). */
  day: string;
  score: number;
  creation: number;
  activity: number;
  quality: number;
  interaction: number;
  credit: number;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CreatorRankTable {
  period: 'week' | 'month';
  type: number;
  user_id: number;
  score_tenths: number;
  position: number;
  day: string;
}

export type RightApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface RightApplicationsTable {
  id: Generated<number>;
  user_id: number;
  right_code: string;
  status: Generated<RightApplicationStatus>;
  reason: Generated<string>;
  created_at: CreatedAt;
  reviewed_at: NullableTimestamp;
}

export type ScoreDailyRow = Selectable<CreatorScoreDailyTable>;
export type RightApplicationRow = Selectable<RightApplicationsTable>;

declare module './schema' {
  interface Database {
    creator_events: CreatorEventsTable;
    creator_score_daily: CreatorScoreDailyTable;
    creator_rank: CreatorRankTable;
    right_applications: RightApplicationsTable;
  }
}
