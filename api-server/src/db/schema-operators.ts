/** Operator accounts, their sessions and tokens, and the audit trail (migration 0200_operators), merged into `Database` of schema.ts. */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** PostgreSQL's bigint, which pg hands over as a string. */
type BigintColumn = ColumnType<string | number, number | string | undefined, number | string>;
/** jsonb: written as JSON text, read as the value. */
type Json = ColumnType<unknown, string | null | undefined, never>;

export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  password_hash: string;
  /** OperatorRole of shared-sdk/contract. */
  role: string;
  disabled: Generated<boolean>;
  /** Base32; null until enrolment (or after an admin's reset). */
  totp_secret: string | null;
  /** The first right code confirms the enrolment. */
  totp_enrolled: Generated<boolean>;
  /** The last TOTP time step accepted: a code of that step or earlier is refused (no replay). */
  totp_last_step: BigintColumn;
  created_at: CreatedAt;
  last_sign_in_at: NullableTimestamp;
  /** A release manager's `{remotes, envs}` (migration 0230); null for other roles. */
  release_scope: ColumnType<{ remotes: string[]; envs: string[] } | null, string | null | undefined, string | null>;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  /** 'session' (the console's cookie) or 'token' (a personal token). */
  kind: 'session' | 'token';
  /** sha256 of the opaque token. */
  token_hash: string;
  /** A personal token's name. */
  name: Generated<string>;
  /** Its first characters, to recognise it. */
  hint: Generated<string>;
  created_at: CreatedAt;
  /** Null: a personal token without an end. */
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface OperatorChallengesTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  next: 'totp' | 'enrol';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

/** Append-only (triggers refuse UPDATE, DELETE, TRUNCATE). */
export interface OperatorAuditTable {
  id: ColumnType<string | number, never, never>;
  at: CreatedAt;
  operator_id: number | null;
  operator_name: string;
  role: string;
  action: string;
  target_type: string;
  target_id: Generated<string>;
  before: Json;
  after: Json;
  reason: Generated<string>;
  ip: Generated<string>;
}

/** CI release tokens (migration 0230_release_access): one remote, one environment, only the sha256 stored. */
export interface ReleaseTokensTable {
  id: Generated<number>;
  name: string;
  remote: string;
  env: string;
  token_hash: string;
  hint: string;
  /** The admin who made it (their name). */
  created_by: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorAuditRow = Selectable<OperatorAuditTable>;

declare module './schema' {
  interface Database {
    operators: OperatorsTable;
    operator_sessions: OperatorSessionsTable;
    operator_challenges: OperatorChallengesTable;
    operator_audit: OperatorAuditTable;
    release_tokens: ReleaseTokensTable;
  }
  interface BansTable {
    /** The ban ends by itself then; null: until lifted. */
    ends_at: NullableTimestamp;
    /** The operator who banned; null for bans from before operator accounts (or the database path). */
    created_by: ColumnType<number | null, number | null | undefined, number | null>;
    lifted_by: ColumnType<number | null, number | null | undefined, number | null>;
  }
  interface BanAppealsTable {
    reply: Generated<string>;
    decided_by: ColumnType<number | null, number | null | undefined, number | null>;
    decided_at: NullableTimestamp;
  }
}

declare module './schema-materials' {
  interface MaterialLogsTable {
    /** The operator who wrote an audit step (user_id is then null). */
    operator_id: ColumnType<number | null, number | null | undefined, number | null>;
  }
}
