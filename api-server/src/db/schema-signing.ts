/** The signing tables (migration 0043_sign_nonces), merged into `Database` of schema.ts. */
import type { ColumnType } from 'kysely';

export interface SignNoncesTable {
  /** sha256 of the token the call carried, '' for token-less calls (login). */
  scope: string;
  nonce: string;
  /** The call's timestamp plus the signing window: after it, the call is refused anyway. */
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

declare module './schema' {
  interface Database {
    sign_nonces: SignNoncesTable;
  }
}
