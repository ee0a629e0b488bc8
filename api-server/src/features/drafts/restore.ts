/** Operator command `restore-draft --id <n>`: undoes a creator's soft delete. */
import type { Kysely } from 'kysely';
import { CliRefusal } from '../../cli/commands';
import type { Database } from '../../db/schema';

export async function restoreDraft(db: Kysely<Database>, rawId: string): Promise<string> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1) throw new CliRefusal(`"${rawId}" is not a draft id.`);
  const row = await db.selectFrom('drafts').select(['id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new CliRefusal(`No draft with id ${id}.`);
  if (!row.deleted_at) throw new CliRefusal(`Draft ${id} is not deleted.`);
  await db.updateTable('drafts').set({ deleted_at: null, updated_at: new Date() }).where('id', '=', id).execute();
  return `Draft ${id} restored.`;
}
