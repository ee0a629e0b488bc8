/**
 * Field Core Web Vitals users' pages measured (features/runtime/error-reports.ts, `vitals` of the
 * report call): remote_vitals keeps one row per page load and metric (LCP, INP), by environment,
 * remote, version and canary run, with the value and whether it was poor by web.dev's thresholds.
 * Beside remote_load_reports, the shares of poor page views the canary analysis compares. No user id.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_vitals')
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('page_load', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('value_ms', 'integer', (c) => c.notNull())
    .addColumn('poor', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remote_vitals_pk', ['env', 'remote', 'version', 'run', 'page_load', 'metric'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_vitals').ifExists().execute();
}
