/**
 * How far a video's transcoding has got (features/video): the worker holding the job writes the
 * whole percent as ffmpeg reports it, and the editor shows 转码中 42% instead of a bare 转码中.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('video_jobs')
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_jobs').dropColumn('progress').execute();
}
