/**
 * Creation score, rank and rights (docs/product.md §2; api-server/src/features/score/README.md):
 * - `creator_events`: what readers did with a creator's manuscripts (read, like, comment, share) and
 *   violations an operator recorded; the score's 互动 and 信用 dimensions are computed from them.
 * - `creator_score_daily`: one snapshot per creator and day, so the last 30 days form a history.
 * - `creator_rank`: the weekly and monthly lists per content type, rebuilt by the daily job with each
 *   row's position, so the top 100 is one range scan of (period, type, position) and my row one key lookup.
 * - `right_applications`: applications for a right with their review state.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('creator_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('manuscript_id', 'integer')
    .addColumn('content_type', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`content_type in (0, 1, 2, 3)`),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('read', 'like', 'comment', 'share', 'violation')`))
    .addColumn('amount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`amount >= 0`),
    )
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index creator_events_user_time_idx on creator_events (user_id, occurred_at)`.execute(db);

  await db.schema
    .createTable('creator_score_daily')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('creation', 'integer', (c) => c.notNull())
    .addColumn('activity', 'integer', (c) => c.notNull())
    .addColumn('quality', 'integer', (c) => c.notNull())
    .addColumn('interaction', 'integer', (c) => c.notNull())
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('creator_score_daily_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('creator_rank')
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('week', 'month')`))
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type in (0, 1, 2, 3)`))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('score_tenths', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('creator_rank_pk', ['period', 'type', 'user_id'])
    .execute();
  await sql`create unique index creator_rank_position_idx on creator_rank (period, type, position)`.execute(db);

  await db.schema
    .createTable('right_applications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('right_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .execute();
  // One open or granted application per right: a second click cannot queue a duplicate.
  await sql`create unique index right_applications_live_idx on right_applications (user_id, right_code) where status in ('pending', 'approved')`.execute(db);
  await sql`create index right_applications_user_idx on right_applications (user_id, right_code, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['right_applications', 'creator_rank', 'creator_score_daily', 'creator_events']) await db.schema.dropTable(table).execute();
}
