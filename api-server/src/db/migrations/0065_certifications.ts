/**
 * Certification applications (enterprise and government affairs): one row per user and kind,
 * resubmitted in place after a failure; the operator's review sets audit_status and reason.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('enterprise', 'gov')`))
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull())
    .addColumn('licence_key', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('audit_status', 'integer', (c) => c.notNull().check(sql`audit_status in (1, 2, 3, 4)`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addUniqueConstraint('certifications_user_kind_key', ['user_id', 'kind'])
    .execute();
  // The operator's queue: what waits for review, oldest first.
  await sql`create index certifications_queue_idx on certifications (kind, submitted_at) where audit_status in (2, 3)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certifications').execute();
}
