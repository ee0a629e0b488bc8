/**
 * `npm run migrate` (api-server: `pnpm --filter api-server migrate`): applies the pending migrations
 * to DATABASE_URL (or the embedded database in DATA_DIR) and exits. The deploy step before a
 * production roll-out: replicas in APP_ENV=production never migrate themselves. Safe to run twice at
 * once (db/migrate.ts). Needs only the database settings, not the server's secrets.
 * Exit codes: 0 migrated (or nothing to do), 1 failed.
 */
import path from 'node:path';
import { openDatabase, pgliteDirFor } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { REPO_ROOT } from '../own-files';

async function main(): Promise<number> {
  const databaseUrl = (process.env.DATABASE_URL ?? '').trim();
  if (!databaseUrl && process.env.APP_ENV === 'production') {
    console.error('Cannot migrate: DATABASE_URL is not set (APP_ENV=production migrates the shared PostgreSQL database).');
    return 1;
  }
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const database = await openDatabase({ databaseUrl, pgliteDir: pgliteDirFor(dataDir) });
  try {
    const applied = await migrateToLatest(database.db);
    console.info(applied.length ? `Migrated: ${applied.join(', ')}` : 'The database schema is current: nothing to migrate.');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Cannot migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
