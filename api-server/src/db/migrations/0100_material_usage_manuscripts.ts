/**
 * Material usage recorded by publishing (issue: materials know where they are used): each usage row
 * may name the manuscript that uses the material, once per (material, manuscript), so publishing the
 * same manuscript again updates its rows instead of adding new ones. Rows written by
 * `/api/material/use` name no manuscript (NULLs never collide in the unique index). Publishing finds
 * the materials of a manuscript by their stored URL, so that lookup gets its index.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('material_usages')
    .addColumn('manuscript_id', 'integer', (c) => c.references('manuscripts.id').onDelete('cascade'))
    .execute();
  await sql`create unique index material_usages_material_manuscript_idx on material_usages (material_id, manuscript_id)`.execute(db);
  await sql`create index material_usages_manuscript_idx on material_usages (manuscript_id) where manuscript_id is not null`.execute(db);
  await sql`create index materials_url_idx on materials (url) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists materials_url_idx`.execute(db);
  await sql`drop index if exists material_usages_manuscript_idx`.execute(db);
  await sql`drop index if exists material_usages_material_manuscript_idx`.execute(db);
  await db.schema.alterTable('material_usages').dropColumn('manuscript_id').execute();
}
