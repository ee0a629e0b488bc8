/**
 * The operator commands of the creator tools, run by `npm run admin` (cli/admin.ts): each feature
 * owns its own (certification review and queue: enterprise; the tool list: here; the short-drama
 * authority: short-drama); this is where they are looked up by name. The same functions answer the
 * running server's operator route, so the CLI works while the server holds the embedded database
 * (cli/operator-call.ts).
 */
import type { Kysely } from 'kysely';
import { tools } from 'shared-sdk/contract/schemas';
import type { Database } from '../../db/schema';
import { OperatorRefusal, userIdByPhone } from '../../lib/operator-refusal';
import { certificationCommands } from '../enterprise/operator';
import { shortDramaCommands } from '../short-drama/operator';
import { TOOL_CATALOGUE } from './catalogue';

export type ToolCommand = tools.ToolCommand;
export type ToolCommandArgs = tools.ToolCommandArgs;
type Command = (db: Kysely<Database>, args: ToolCommandArgs) => Promise<string>;

export const isToolCommand = (name: string): name is ToolCommand => (tools.TOOL_COMMANDS as readonly string[]).includes(name);

async function setTool(db: Kysely<Database>, phone: string, tool: string, on: boolean): Promise<string> {
  if (!TOOL_CATALOGUE[tool]) throw new OperatorRefusal(`Unknown tool "${tool}" (known: ${Object.keys(TOOL_CATALOGUE).join(', ')}).`);
  const id = await userIdByPhone(db, phone);
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('users').select('tools').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const enabled = new Set(row.tools);
    if (on) enabled.add(tool);
    else enabled.delete(tool);
    await tx
      .updateTable('users')
      .set({ tools: JSON.stringify([...enabled]) })
      .where('id', '=', id)
      .execute();
    return `${phone} tools: ${[...enabled].join(', ') || '(none)'}.`;
  });
}

/** Every command of the contract's list, each from the feature that owns it (the type keeps the two in step). */
const COMMANDS: Record<ToolCommand, Command> = {
  ...certificationCommands,
  'grant-tool': (db, a) => setTool(db, a.phone ?? '', a.tool ?? '', true),
  'revoke-tool': (db, a) => setTool(db, a.phone ?? '', a.tool ?? '', false),
  ...shortDramaCommands,
};

export function runToolCommand(db: Kysely<Database>, command: ToolCommand, args: ToolCommandArgs): Promise<string> {
  return COMMANDS[command](db, args);
}
