/**
 * Operator accounts (docs/product.md §6): named people with a role who run the platform, apart from creators.
 *
 * - `operators`: name, scrypt password hash, role, the TOTP secret (null until enrolment, or after
 *   an admin's reset) and the last TOTP time step accepted (a code is accepted once: a replay within
 *   its window is refused).
 * - `operator_sessions`: console sessions and personal tokens in one table (`kind`), only the
 *   token's sha256 stored, revocable, with an end (a personal token may have none).
 * - `operator_challenges`: the step between the password and the TOTP code (5 minutes, once).
 * - `operator_audit`: one row per operator action, written in the transaction of the change.
 *   Append-only: triggers refuse UPDATE, DELETE and TRUNCATE, so nothing in the product (nor a
 *   stray statement) rewrites it. Only dropping the table (this migration's `down`) removes it.
 * - bans gain their author, an end, and who lifted them; appeals the operator's reply.
 * - material_logs gain the operator who wrote an audit step.
 * - partial indexes keep the review queues (oldest first) off full scans.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('session', 'token')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hint', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').columns(['operator_id', 'kind']).execute();

  await db.schema
    .createTable('operator_challenges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('next', 'text', (c) => c.notNull().check(sql`next in ('totp', 'enrol')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('operator_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // No foreign key: the row outlives anything it names, and keeps the name it had.
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('operator_audit_at_idx').on('operator_audit').columns(['at', 'id']).execute();
  await db.schema.createIndex('operator_audit_operator_idx').on('operator_audit').columns(['operator_id', 'at']).execute();
  await db.schema.createIndex('operator_audit_target_idx').on('operator_audit').columns(['target_type', 'target_id', 'at']).execute();
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger operator_audit_no_change before update or delete on operator_audit for each row execute function operator_audit_append_only()`.execute(
    db,
  );
  await sql`create trigger operator_audit_no_truncate before truncate on operator_audit for each statement execute function operator_audit_append_only()`.execute(
    db,
  );

  await db.schema.alterTable('bans').addColumn('ends_at', 'timestamptz').execute();
  await db.schema.alterTable('bans').addColumn('created_by', 'integer').execute();
  await db.schema.alterTable('bans').addColumn('lifted_by', 'integer').execute();
  await db.schema
    .alterTable('ban_appeals')
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('ban_appeals').addColumn('decided_by', 'integer').execute();
  await db.schema.alterTable('ban_appeals').addColumn('decided_at', 'timestamptz').execute();
  await db.schema.alterTable('material_logs').addColumn('operator_id', 'integer').execute();

  // The review queues, oldest first, without walking every row: only waiting rows are indexed.
  await sql`create index materials_waiting_idx on materials (created_at, id) where deleted_at is null and cm_check in (1, 4)`.execute(db);
  await sql`create index manuscripts_in_review_idx on manuscripts (updated_at, id) where deleted_at is null and status = 5`.execute(db);
  await sql`create index ban_appeals_open_idx on ban_appeals (created_at, id) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['ban_appeals_open_idx', 'manuscripts_in_review_idx', 'materials_waiting_idx']) await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.alterTable('material_logs').dropColumn('operator_id').execute();
  for (const column of ['decided_at', 'decided_by', 'reply']) await db.schema.alterTable('ban_appeals').dropColumn(column).execute();
  for (const column of ['lifted_by', 'created_by', 'ends_at']) await db.schema.alterTable('bans').dropColumn(column).execute();
  for (const table of ['operator_audit', 'operator_challenges', 'operator_sessions', 'operators']) await db.schema.dropTable(table).ifExists().execute();
  await sql`drop function if exists operator_audit_append_only()`.execute(db);
}
