/**
 * One database per test file: PGlite in memory by default; with TEST_DATABASE_URL, a fresh
 * PostgreSQL database created for the file and dropped afterwards, so the same tests cover both
 * engines and files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/connect';
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

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'creator_test') : { url: '', drop: async () => {} };
  const handle = await openDatabase({ databaseUrl: scratch.url });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  return {
    ...handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
