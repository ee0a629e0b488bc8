/**
 * One database per test file: PGlite in memory by default; with TEST_DATABASE_URL, a fresh
 * PostgreSQL database created for the file and dropped afterwards, so the same tests cover both
 * engines and files never see each other's rows.
 *
 * A PGlite test database starts from a template: a database migrated once (initdb and every
 * migration take seconds) and saved as a data-folder tarball in the temporary folder, named after a
 * hash of what shapes it, which every later open in any test process loads. The seed is not in it:
 * it depends on the time of the run, so each open seeds its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, PGLITE_START, dumpPglite, openDatabase, openPgliteFromDataDir } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedDemoData } from '../seed';

export interface TestDatabase extends DatabaseHandle {
  /** The URL the server would use (empty for PGlite). */
  url: string;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database on the PostgreSQL server at `serverUrl`, named `<prefix>_<random>`: its URL
 * and how to drop it (forcibly, so a leaked connection cannot keep it alive).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return { url: parsed.toString(), drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * What the migrated template is made of: a change in any of them makes a new template. Migrations
 * import only from db/migrations; one that imports code from elsewhere must add that file here.
 */
export interface PgliteTemplateInputs {
  /** Source text of the migrations and of the migrator, by file name. */
  sources: Record<string, string>;
  pgliteVersion: string;
  /** Extensions and start parameters (connect.ts). */
  start: unknown;
}

const dbFolder = path.resolve(import.meta.dirname, '../db');

function pgliteVersion(): string {
  // The package exports no package.json: walk up from its entry point.
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(folder, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('@electric-sql/pglite: package.json not found');
    folder = parent;
  }
}

export function pgliteTemplateInputs(): PgliteTemplateInputs {
  const sources: Record<string, string> = { 'migrate.ts': readFileSync(path.join(dbFolder, 'migrate.ts'), 'utf8') };
  for (const name of readdirSync(path.join(dbFolder, 'migrations')).sort()) {
    sources[`migrations/${name}`] = readFileSync(path.join(dbFolder, 'migrations', name), 'utf8');
  }
  return { sources, pgliteVersion: pgliteVersion(), start: PGLITE_START };
}

/** The template's file in the temporary folder, named after a hash of its inputs. */
export function pgliteTemplateFile(inputs: PgliteTemplateInputs = pgliteTemplateInputs()): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(inputs.sources).sort()) hash.update(`${name}\0${inputs.sources[name]}\0`);
  hash.update(`pglite ${inputs.pgliteVersion}\0${JSON.stringify(inputs.start)}`);
  return path.join(tmpdir(), `creator-pglite-template-${hash.digest('hex').slice(0, 24)}.tar`);
}

let template: Promise<Blob> | undefined;

const STALE_TEMPLATE_MS = 24 * 3_600_000;

/**
 * Templates of other inputs (an older migration set) untouched for a day: each is ~40 MB. A younger
 * one may belong to another checkout's run that is using it now, so it stays.
 */
async function removeStaleTemplates(current: string): Promise<void> {
  const folder = path.dirname(current);
  const names = (await readdir(folder)).filter((name) => /^creator-pglite-template-\w+\.tar$/.test(name) && name !== path.basename(current));
  for (const name of names) {
    const file = path.join(folder, name);
    const stats = await stat(file).catch(() => null);
    if (stats && Date.now() - stats.mtimeMs > STALE_TEMPLATE_MS) await rm(file, { force: true });
  }
}

/** The template: read from its file, or built and written there by the first process that needs it. */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = pgliteTemplateFile();
    try {
      return new Blob([await readFile(file)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await removeStaleTemplates(file);
    const blob = await dumpPglite(migrateToLatest);
    // Written under a name of its own, then renamed: a process reading the file never sees half of
    // it, and two processes building it at once both write a whole one.
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
    try {
      await writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return blob;
  })().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

/**
 * A PGlite database with every migration applied and no rows, loaded from the template: in memory,
 * or in the folder `dir` (which must hold no database yet).
 */
export async function openMigratedPglite(dir?: string): Promise<DatabaseHandle> {
  return openPgliteFromDataDir(await migratedTemplate(), dir);
}

/** A migrated database for a test file: a new PostgreSQL database on TEST_DATABASE_URL, else PGlite from the template. */
export async function openMigratedTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  if (!serverUrl) return { ...(await openMigratedPglite()), url: '' };
  const scratch = await createScratchDatabase(serverUrl, 'creator_test');
  const handle = await openDatabase({ databaseUrl: scratch.url });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const database = await openMigratedTestDatabase();
  await seedDemoData(database.db);
  return database;
}
