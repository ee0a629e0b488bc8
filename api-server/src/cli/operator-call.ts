/**
 * Where an operator command runs. The embedded database is single-process: while a server holds
 * DATA_DIR, the CLI cannot open it, so it asks that server (lib/operator-access.ts: POST with the
 * operator token); otherwise it opens the database itself. Every command that can run either way
 * goes through `viaServerOrDatabase`, so the two ways cannot drift apart.
 */
import type { Kysely } from 'kysely';
import type { ApiEnvelope } from 'shared-sdk/contract';
import type { AppConfig } from '../config';
import { type DatabaseHandle, openDatabase, pgliteDirFor } from '../db/connect';
import { migrateToLatest, pendingMigrations, schemaBehindMessage } from '../db/migrate';
import type { Database } from '../db/schema';
import { CLI_USER_HEADER, readOperatorAccess } from '../lib/operator-access';
import { cliActor } from '../features/operators/audit';
import { CliRefusal } from './commands';
import { productionDatabaseRefusal } from './operator-api';

/**
 * Opens the configured database for one command and closes it after. In production only the
 * bootstrap (`operator add`) may: every other command goes through the operator API
 * (cli/operator-api.ts). Production migrates in its own deploy step only: the bootstrap refuses to
 * run on a schema behind the code instead of migrating it.
 */
export async function withOperatorDatabase<T>(
  config: AppConfig,
  run: (database: DatabaseHandle) => Promise<T>,
  o: { command?: string; bootstrap?: boolean } = {},
): Promise<T> {
  if (config.production && !o.bootstrap) throw productionDatabaseRefusal(o.command ?? 'this command');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    if (config.production) {
      const pending = await pendingMigrations(database.db);
      if (pending.length) throw new CliRefusal(schemaBehindMessage(pending));
    } else {
      await migrateToLatest(database.db);
    }
    return await run(database);
  } finally {
    await database.close();
  }
}

export interface OperatorCall {
  /** The running server's operator route, e.g. `/operator/tools/grant-tool`. */
  path: string;
  body: Record<string, unknown>;
  /** The error a refusal of the server (its msg) is thrown as, as the database way would throw it. */
  refusal: (message: string) => Error;
}

/** The command's message: from the running server when one holds the embedded database, else from `onDatabase`. */
export async function viaServerOrDatabase(config: AppConfig, call: OperatorCall, onDatabase: (db: Kysely<Database>) => Promise<string>): Promise<string> {
  const access = config.databaseUrl ? null : readOperatorAccess(config.dataDir);
  if (!access) return withOperatorDatabase(config, (database) => onDatabase(database.db));
  const response = await fetch(`${access.url}${call.path}`, {
    method: 'POST',
    // Who runs the command, for the server's audit row (cli:<OS user>).
    headers: { 'content-type': 'application/json', 'x-operator-token': access.token, [CLI_USER_HEADER]: cliActor().name.slice('cli:'.length) },
    body: JSON.stringify(call.body),
  });
  const answer = (await response.json()) as ApiEnvelope<{ message: string } | null>;
  if (answer.code !== 0 || !answer.data) throw call.refusal(answer.msg);
  return `${answer.data.message} (through the running server at ${access.url})`;
}
