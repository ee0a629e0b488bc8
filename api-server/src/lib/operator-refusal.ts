/**
 * What operator commands (the admin CLI and the running server's /operator routes) share: the
 * refusal they throw (the CLI prints its message, the routes answer it as 1009) and the account
 * lookup by phone they all start from.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export class OperatorRefusal extends Error {}

export async function userIdByPhone(db: Kysely<Database>, phone: string): Promise<number> {
  const user = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  if (!user) throw new OperatorRefusal(`No account with phone ${phone}.`);
  return user.id;
}
