/** Runs a creator-tool operator command through the running server when it holds the embedded database, else on the database. */
import type { AppConfig } from '../../config';
import { openDatabase, pgliteDirFor } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { ReviewRefusal } from '../enterprise/certification-store';
import { readOperatorAccess } from '../materials/operator-access';
import { type ToolCommand, type ToolCommandArgs, runToolCommand } from './operator';

export async function runToolCommandCli(config: AppConfig, command: ToolCommand, args: ToolCommandArgs): Promise<string> {
  const access = config.databaseUrl ? null : readOperatorAccess(config.dataDir);
  if (access) {
    const response = await fetch(`${access.url}/operator/tools/${command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': access.token },
      body: JSON.stringify(args),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: { message: string } | null };
    if (answer.code !== 0 || !answer.data) throw new ReviewRefusal(answer.msg);
    return `${answer.data.message} (through the running server at ${access.url})`;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    await migrateToLatest(database.db);
    return await runToolCommand(database.db, command, args);
  } finally {
    await database.close();
  }
}
