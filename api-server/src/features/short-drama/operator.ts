/** The operator's short-drama authority commands (`npm run admin grant-short-drama|revoke-short-drama --phone …`). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userIdByPhone } from '../../lib/operator-refusal';
import type { tools } from 'shared-sdk/contract/schemas';
import type { OperatorActor } from '../operators/actor';
import { audited } from '../operators/audit';
import { setCreatorTools } from '../operators/user-changes';

/** The operator API's change (setCreatorTools, its `user.tools` row), the tools as they are. */
async function setShortDrama(db: Kysely<Database>, actor: OperatorActor, phone: string, on: boolean): Promise<string> {
  const id = await userIdByPhone(db, phone);
  await audited(db, actor, async (tx, record) => {
    const row = await tx.selectFrom('users').select('tools').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    await setCreatorTools(tx, record, { id, tools: row.tools, shortDrama: on });
  });
  return `${phone} short-drama authority: ${on ? 'on' : 'off'}.`;
}

export const shortDramaCommands = {
  'grant-short-drama': (db: Kysely<Database>, a: tools.ToolCommandArgs, actor: OperatorActor): Promise<string> => setShortDrama(db, actor, a.phone ?? '', true),
  'revoke-short-drama': (db: Kysely<Database>, a: tools.ToolCommandArgs, actor: OperatorActor): Promise<string> =>
    setShortDrama(db, actor, a.phone ?? '', false),
};
