/**
 * The release API's access (docs/releases.md):
 *
 * - `operators.release_scope`: a release manager's remotes and environments (`{remotes, envs}`),
 *   null for every other role (an admin releases everything).
 * - `release_tokens`: CI release tokens, each for one remote and one environment, only the token's
 *   sha256 stored, with an end, revocable. `created_by` names the admin who made it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('release_scope', 'jsonb').execute();
  await db.schema
    .createTable('release_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('env', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_tokens').execute();
  await db.schema.alterTable('operators').dropColumn('release_scope').execute();
}
