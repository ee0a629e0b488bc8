/**
 * The typed shape of every table, as Kysely sees it. A migration changes the database; this file
 * must change with it (the migration tests would not notice a forgotten column, the compiler will).
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ContentCountsTable, ContentDayCountsTable, DraftsTable, ManuscriptsTable } from './content-tables';

/** Written as JSON text (both engines' drivers would otherwise encode JS arrays as SQL arrays). */
type JsonArray = ColumnType<string[], string | undefined, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  phone: string;
  password_hash: string;
  nickname: string;
  avatar: Generated<string>;
  is_reverse_author: Generated<number>;
  /** identities_info of docs/product.md §7: identity_verification, agency_certification, … */
  identities: JsonArray;
  /** u_cert.cert_type; 24 shows the enterprise badge. */
  cert_type: Generated<number>;
  badge_cover_url: Generated<string>;
  /** Tool codes (oddjobs = recruitment). */
  tools: JsonArray;
  short_drama_auth: Generated<boolean>;
  enterprise_status: Generated<number>;
  enterprise_cert_audit_status: Generated<number>;
  creator_score: Generated<number>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the opaque token: a leaked table does not leak usable tokens. */
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  phone: string;
  succeeded: boolean;
  ip: Generated<string>;
  created_at: CreatedAt;
}

export interface BansTable {
  id: Generated<number>;
  user_id: number;
  /** 1 blocks creation in ban_range_type; 2 forces logout. */
  ban_type: number;
  /** Comma-separated range codes, e.g. "1" or "1,3". */
  ban_range_type: Generated<string>;
  reason: Generated<string>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  lifted_at: NullableTimestamp;
}

export interface BanAppealsTable {
  id: Generated<number>;
  ban_id: number;
  user_id: number;
  text: string;
  /** open | accepted | rejected; at most one open appeal per ban (unique partial index). */
  status: Generated<string>;
  created_at: CreatedAt;
}

/** '0' and '1' are the two app notice types of docs/product.md §7; 'community' the community notices. */
export type NoticeType = '0' | '1' | 'community';

export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  type: NoticeType;
  title: string;
  body: Generated<string>;
  read_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** One newspaper issue (paper type 1–8, day); import_id names the page set readers see. */
export interface NewspaperIssuesTable {
  id: Generated<number>;
  type: number;
  /** 'YYYY-MM-DD' */
  issue_date: string;
  import_id: string;
  page_count: number;
  /** Set again by each re-import. */
  imported_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface NewspaperPagesTable {
  id: Generated<number>;
  issue_id: number;
  import_id: string;
  page_no: number;
  /** Object-store keys, turned into URLs when answering. */
  pdf_key: string;
  img_key: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  bans: BansTable;
  ban_appeals: BanAppealsTable;
  notices: NoticesTable;
  drafts: DraftsTable;
  manuscripts: ManuscriptsTable;
  content_counts: ContentCountsTable;
  content_day_counts: ContentDayCountsTable;
  newspaper_issues: NewspaperIssuesTable;
  newspaper_pages: NewspaperPagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type BanRow = Selectable<BansTable>;
// The material tables live beside this file and merge into Database.
export type * from './schema-materials';
export type * from './schema-signing';
export type * from './schema-rollout';
export type * from './schema-session';
export type * from './schema-score';
export type * from './schema-tools';
export type * from './schema-editor';
export type * from './schema-video';
export type * from './schema-storage';
export type * from './schema-images';
export type * from './schema-operators';
