/** Short-drama series and their episodes; an episode number is unique within its series. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dramas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`status in (1, 2)`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index dramas_owner_idx on dramas (owner_id, created_at desc, id desc)`.execute(db);
  await db.schema
    .createTable('drama_episodes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('drama_id', 'integer', (c) => c.notNull().references('dramas.id').onDelete('cascade'))
    .addColumn('episode_no', 'integer', (c) => c.notNull().check(sql`episode_no >= 1`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('cover_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('drama_episodes_number_key', ['drama_id', 'episode_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drama_episodes').execute();
  await db.schema.dropTable('dramas').execute();
}
