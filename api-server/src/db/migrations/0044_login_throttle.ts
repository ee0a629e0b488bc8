/**
 * Login throttling counters, against password guessing, one row per key: `p:<address>|<phone>` (one address
 * trying one account) and `a:<address>` (one address over every account, against password
 * spraying). Counted with `insert … on conflict … returning`, so parallel attempts are all counted.
 * There is deliberately no counter per phone alone: a stranger must not be able to lock a real user out.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addColumn('prev_at', 'timestamptz')
    .execute();
  await sql`create index login_throttle_last_idx on login_throttle (last_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttle').ifExists().execute();
}
