/**
 * Brings the database to the latest migration of migrations/index.ts, and tells a server whether it
 * is there. On PostgreSQL, Kysely's migrator holds a session advisory lock (pg_advisory_lock) while it
 * migrates, so two migrators started at once apply each migration once: the second waits, then finds
 * nothing left to do.
 */
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations';
import type { Database } from './schema';

const migratorOf = (db: Kysely<Database>): Migrator => new Migrator({ db, provider: { getMigrations: async () => migrations } });

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** The migrations this code knows that the database has not had (empty: the schema is current). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

/** The refusal of a production replica whose database is behind its code. */
export function schemaBehindMessage(pending: string[]): string {
  return `the database schema is behind this release (${pending.length} migration${pending.length > 1 ? 's' : ''} not applied: ${pending.join(', ')}). Run \`npm run migrate\` (or the API server's \`migrate\` script) with this release first, then start the replicas.`;
}
