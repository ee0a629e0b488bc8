/**
 * Clean copies of images (features/media/clean-copies.ts): every image the product keeps and serves
 * is a copy the server decoded and encoded again, with its metadata gone. One row per clean copy:
 * `object_key` the copy's key in the object storage (the upload layout,
 * `image/<yyyymmdd>/u<uid>/<32 hex>.<ext>`), `owner_id` the user it was made for, `source` what it
 * was made from (the key of the browser's upload, or `url:<address>` for a re-hosted picture), and
 * when. A save that names an image accepts only a clean copy (of the caller's, or a material they
 * may use). A sweep of unreferenced objects treats a row as the copy existing, not as a reference:
 * the copy is referenced when a material, draft, manuscript or certification names it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clean_images')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Cleaning the same upload twice answers the first copy.
  await db.schema.createIndex('clean_images_owner_source_idx').on('clean_images').columns(['owner_id', 'source']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clean_images').ifExists().execute();
}
