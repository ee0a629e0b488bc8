/**
 * Nonces of signed calls, so that a captured call cannot be replayed (docs/decisions/0003-signed-requests.md): each may be used once per token (or once among the
 * token-less calls) while its timestamp is inside the signing window; the row expires with it and
 * the signature plugin deletes expired rows.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_nonces')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_nonces_pkey', ['scope', 'nonce'])
    .execute();
  await sql`create index sign_nonces_expires_idx on sign_nonces (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_nonces').ifExists().execute();
}
