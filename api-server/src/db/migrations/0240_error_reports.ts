/**
 * What users' pages report of the remotes' failures (features/runtime/error-reports.ts):
 * - remote_errors: one row per environment, remote, version and error fingerprint (kind, the message
 *   with its numbers blurred, the first source frame), with the count, the first and last time seen,
 *   and one mapped stack as a sample;
 * - remote_error_sessions: the page loads that had at least one failure, once each, by version and
 *   canary run: beside remote_load_reports (the page loads that loaded the version), the share of
 *   sessions with an error that the canary analysis compares.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_errors')
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stack', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('first_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_errors_pk', ['env', 'remote', 'version', 'fingerprint'])
    .execute();
  await db.schema
    .createTable('remote_error_sessions')
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('page_load', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_error_sessions_pk', ['env', 'remote', 'version', 'run', 'page_load'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_error_sessions').ifExists().execute();
  await db.schema.dropTable('remote_errors').ifExists().execute();
}
