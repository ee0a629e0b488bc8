/**
 * The request ids of an error's latest reports (features/runtime/error-reports.ts): a failed call's
 * report names the `x-request-id` of its answers, and remote_errors keeps the last few per error
 * fingerprint, newest first, so an operator finds those requests in the server's and nginx's logs.
 * Ids only (nginx's or the server's own, never the user's): nothing personal.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('remote_errors')
    .addColumn('request_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_errors').dropColumn('request_ids').execute();
}
