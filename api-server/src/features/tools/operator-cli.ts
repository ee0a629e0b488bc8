/** Runs a creator-tool operator command through the running server when it holds the embedded database, else on the database. */
import { viaServerOrDatabase } from '../../cli/operator-call';
import type { AppConfig } from '../../config';
import { OperatorRefusal } from '../../lib/operator-refusal';
import { type ToolCommand, type ToolCommandArgs, runToolCommand } from './operator';

export function runToolCommandCli(config: AppConfig, command: ToolCommand, args: ToolCommandArgs): Promise<string> {
  const call = { path: `/operator/tools/${command}`, body: args, refusal: (message: string) => new OperatorRefusal(message) };
  return viaServerOrDatabase(config, call, (db) => runToolCommand(db, command, args));
}
