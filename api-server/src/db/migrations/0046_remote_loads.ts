/**
 * Remote load reports of the staged rollout (docs/releases.md), counted in the database so several
 * servers lose nothing: one row per user, remote, version, canary run and page load (a second report
 * of the same page load is refused by the key), and one counter row per remote, version and run,
 * raised with `update … set loads = loads + 1` in the same transaction.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_load_reports')
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('page_load', 'text', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_load_reports_pkey', ['env', 'remote', 'version', 'run', 'user_id', 'page_load'])
    .execute();
  await db.schema
    .createTable('remote_load_counts')
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('remote_load_counts_pkey', ['env', 'remote', 'version', 'run'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_load_counts').ifExists().execute();
  await db.schema.dropTable('remote_load_reports').ifExists().execute();
}
