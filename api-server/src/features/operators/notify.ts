/** Notices to creators about operators' decisions: the 系统通知 tab (type '0'), in the decision's transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function notifyCreator(tx: Kysely<Database>, userId: number, title: string, body: string): Promise<void> {
  await tx.insertInto('notices').values({ user_id: userId, type: '0', title, body }).execute();
}
