/**
 * Upload grants (features/upload/grants.ts): what a creator said they were about to upload when they
 * asked for upload credentials naming one object (its kind and declared size), one row per object
 * key. With a real OSS bucket the browser writes straight to OSS, where no limit of ours applies
 * while the bytes stream, so the token call is where the kind's size limit, the creator's quota and
 * their number of open uploads are enforced (from these rows), and the credentials it hands out
 * write that one key only. `size` is the size the server found with a HEAD where it accepted the
 * object (video commit, image cleaning): an object larger than declared, or than its kind allows,
 * is refused and removed there. A row goes when the server removes its object (the orphan sweep,
 * a cleaned image's raw upload, a refused object), so the quota counts what is still stored.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_grants')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('declared_bytes', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint')
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('upload_grants_owner_idx').on('upload_grants').columns(['owner_id', 'granted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_grants').ifExists().execute();
}
