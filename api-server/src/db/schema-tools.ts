/**
 * The tables of the creator tools (migrations 0065–0067): certification applications (enterprise and
 * government affairs), job posts of the recruitment tool, short-drama series and their episodes.
 * Merged into `Database` of schema.ts.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CertificationsTable {
  id: Generated<number>;
  user_id: number;
  /** 'enterprise' | 'gov'; one application per user and kind, resubmitted in place after a failure. */
  kind: string;
  org_name: string;
  credit_code: string;
  /** The applicant's own uploaded object. */
  licence_key: string;
  contact_name: string;
  contact_phone: string;
  /** cert_audit_status: 2 submitted, 3 reviewing, 1 passed, 4 failed. */
  audit_status: number;
  reason: Generated<string>;
  created_at: CreatedAt;
  submitted_at: UpdatedAt;
  reviewed_at: NullableTimestamp;
}

export interface JobPostsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  salary_min: number;
  salary_max: number;
  city: string;
  headcount: number;
  description: string;
  contact_name: string;
  contact_phone: string;
  /** 1 招聘中, 2 已暂停, 3 已关闭 (final). */
  status: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DramasTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  cover_url: Generated<string>;
  intro: Generated<string>;
  /** 1 连载中, 2 已完结. */
  status: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DramaEpisodesTable {
  id: Generated<number>;
  drama_id: number;
  /** Unique within the series. */
  episode_no: number;
  title: string;
  video_url: string;
  cover_url: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type CertificationRow = Selectable<CertificationsTable>;
export type JobPostRow = Selectable<JobPostsTable>;
export type DramaRow = Selectable<DramasTable>;
export type DramaEpisodeRow = Selectable<DramaEpisodesTable>;

declare module './schema' {
  interface Database {
    certifications: CertificationsTable;
    job_posts: JobPostsTable;
    dramas: DramasTable;
    drama_episodes: DramaEpisodesTable;
  }
}
