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
import type { OperatorActor } from '../operators/actor';
import { audited, cliActor } from '../operators/audit';
import { setCreatorTools } from '../operators/user-changes';

export type ToolCommand = tools.ToolCommand;
export type ToolCommandArgs = tools.ToolCommandArgs;
type Command = (db: Kysely<Database>, args: ToolCommandArgs, actor: OperatorActor) => Promise<string>;

export const isToolCommand = (name: string): name is ToolCommand => (tools.TOOL_COMMANDS as readonly string[]).includes(name);

/** The operator API's change (setCreatorTools, its `user.tools` row), one tool added or removed. */
async function setTool(db: Kysely<Database>, actor: OperatorActor, phone: string, tool: string, on: boolean): Promise<string> {
  if (!TOOL_CATALOGUE[tool]) throw new OperatorRefusal(`Unknown tool "${tool}" (known: ${Object.keys(TOOL_CATALOGUE).join(', ')}).`);
  const id = await userIdByPhone(db, phone);
  return audited(db, actor, async (tx, record) => {
    const row = await tx.selectFrom('users').select(['tools', 'short_drama_auth']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const enabled = new Set(row.tools);
    if (on) enabled.add(tool);
    else enabled.delete(tool);
    await setCreatorTools(tx, record, { id, tools: [...enabled], shortDrama: row.short_drama_auth });
    return `${phone} tools: ${[...enabled].join(', ') || '(none)'}.`;
  });
}

/** Every command of the contract's list, each from the feature that owns it (the type keeps the two in step). */
const COMMANDS: Record<ToolCommand, Command> = {
  ...certificationCommands,
  'grant-tool': (db, a, actor) => setTool(db, actor, a.phone ?? '', a.tool ?? '', true),
  'revoke-tool': (db, a, actor) => setTool(db, actor, a.phone ?? '', a.tool ?? '', false),
  ...shortDramaCommands,
};

/** Runs one command; each change is on the audit trail as `actor` (the command line's by default). */
export function runToolCommand(db: Kysely<Database>, command: ToolCommand, args: ToolCommandArgs, actor: OperatorActor = cliActor()): Promise<string> {
  return COMMANDS[command](db, args, actor);
}
