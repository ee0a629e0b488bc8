/** The operator's short-drama authority commands (`npm run admin grant-short-drama|revoke-short-drama --phone …`). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userIdByPhone } from '../../lib/operator-refusal';
import type { tools } from 'shared-sdk/contract/schemas';

async function setShortDrama(db: Kysely<Database>, phone: string, on: boolean): Promise<string> {
  await db
    .updateTable('users')
    .set({ short_drama_auth: on })
    .where('id', '=', await userIdByPhone(db, phone))
    .execute();
  return `${phone} short-drama authority: ${on ? 'on' : 'off'}.`;
}

export const shortDramaCommands = {
  'grant-short-drama': (db: Kysely<Database>, a: tools.ToolCommandArgs): Promise<string> => setShortDrama(db, a.phone ?? '', true),
  'revoke-short-drama': (db: Kysely<Database>, a: tools.ToolCommandArgs): Promise<string> => setShortDrama(db, a.phone ?? '', false),
};
