/**
 * The nonces of signed calls live in an UNLOGGED table: every signed call inserts one row, and a
 * logged insert either waits for a WAL flush or needs a transaction around it to turn that wait off
 * (four round trips per call). An unlogged insert writes no WAL, so the claim is one statement. What
 * it costs: after a crash of the database server (not of the app) the table comes back empty, so a
 * request captured in the five minutes before the crash could be replayed once more; a standby does
 * not have the rows. Timestamps still refuse anything older than the window.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_nonces set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_nonces set logged`.execute(db);
}
