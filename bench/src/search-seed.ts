/**
 * The data `npm run bench -- search` measures, in the database DATABASE_URL names (created when
 * missing): MATERIALS materials (seedMaterials) and CONTENT drafts and as many manuscripts
 * (seedContent), all generated in PostgreSQL (generate_series), never row by row. A marker table
 * records what was seeded, so a re-run with the same sizes reuses it and starts at once.
 */
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from 'api-server/src/db/connect';
import { migrateToLatest } from 'api-server/src/db/migrate';
import type { Database } from 'api-server/src/db/schema';
import { seedDemoData } from 'api-server/src/seed';
import { seedContent } from './content-seed';
import { seedMaterials } from './materials-seed';

export interface SeedReport {
  reused: boolean;
  seconds: number;
}

/** Creates the database of `url` on its server when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = await openDatabase({ databaseUrl: server.toString() });
  try {
    const found = await sql`select 1 from pg_database where datname = ${name}`.execute(admin.db);
    if (!found.rows.length) await sql`create database ${sql.id(name)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

async function seededSizes(db: Kysely<Database>): Promise<{ materials: number; content: number } | null> {
  await sql`create table if not exists bench_search_seed (materials integer not null, content integer not null)`.execute(db);
  const { rows } = await sql<{ materials: number; content: number }>`select materials, content from bench_search_seed`.execute(db);
  return rows[0] ?? null;
}

export async function ensureSearchSeed(url: string, materials: number, content: number, log: (line: string) => void): Promise<SeedReport> {
  await ensureDatabase(url);
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: url });
  const started = performance.now();
  try {
    await migrateToLatest(handle.db);
    const seeded = await seededSizes(handle.db);
    if (seeded && seeded.materials === materials && seeded.content === content) return { reused: true, seconds: (performance.now() - started) / 1000 };
    if (seeded) throw new Error(`${url} holds another seed (${seeded.materials} materials, ${seeded.content} drafts); name an empty database or drop this one`);
    await seedDemoData(handle.db);
    const demo = await handle.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
    await seedMaterials(handle.db, materials, demo.id, log);
    const contentStarted = performance.now();
    await seedContent(handle.db, demo.id, content);
    log(
      `  ${content.toLocaleString('en')} drafts and ${content.toLocaleString('en')} manuscripts in ${((performance.now() - contentStarted) / 1000).toFixed(1)} s`,
    );
    await sql`insert into bench_search_seed (materials, content) values (${materials}, ${content})`.execute(handle.db);
    return { reused: false, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
