/**
 * The embedded video service's transcoding jobs (features/video). A job is 0 转码中 until a worker
 * finishes it (1 转码完成) or gives up (2 转码失败). A worker holds a job by a lease
 * (`lease_until`): a server that dies mid-job lets the lease run out and another (or the restarted
 * one) takes the job again, so a state survives restarts and several servers share the work.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_jobs')
    .addColumn('vid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`state in (0, 1, 2)`),
    )
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('output_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('poster_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index video_jobs_waiting_idx on video_jobs (created_at) where state = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_jobs').execute();
}
