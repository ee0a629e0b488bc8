/** Accounts, sessions, login throttling, bans and appeals, notices: what the shell needs. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_reverse_author', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('identities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('cert_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('badge_cover_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tools', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('short_drama_auth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enterprise_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enterprise_cert_audit_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_phone_idx').on('login_attempts').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('bans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ban_type', 'integer', (c) => c.notNull().check(sql`ban_type in (1, 2)`))
    .addColumn('ban_range_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lifted_at', 'timestamptz')
    .execute();
  // A user has at most one ban in force; history stays as inactive rows.
  await db.schema.createIndex('bans_one_active_idx').on('bans').column('user_id').unique().where(sql.ref('active'), '=', true).execute();

  await db.schema
    .createTable('ban_appeals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ban_id', 'integer', (c) => c.notNull().references('bans.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'accepted', 'rejected')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One open appeal per ban: a second submission is a conflict, not a duplicate row.
  await db.schema.createIndex('ban_appeals_one_open_idx').on('ban_appeals').column('ban_id').unique().where(sql.ref('status'), '=', 'open').execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('0', '1', 'community')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The unread badge is read on every page load: count by (user, type) over unread rows only.
  await db.schema.createIndex('notices_unread_idx').on('notices').columns(['user_id', 'type']).where(sql.ref('read_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notices', 'ban_appeals', 'bans', 'login_attempts', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
