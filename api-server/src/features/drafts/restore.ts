/** Operator command `restore-draft --id <n>`: undoes a creator's soft delete, on the record as the command line. */
import type { Kysely } from 'kysely';
import { CliRefusal, asCli } from '../../cli/commands';
import type { Database } from '../../db/schema';
import { restoreDeletedDraft } from '../operators/task-changes';

export async function restoreDraft(db: Kysely<Database>, rawId: string): Promise<string> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new CliRefusal(`"${rawId}" is not a draft id.`);
  const row = await db.selectFrom('drafts').select(['id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new CliRefusal(`No draft with id ${id}.`);
  if (!row.deleted_at) throw new CliRefusal(`Draft ${id} is not deleted.`);
  await asCli(db, (tx, record) => restoreDeletedDraft(tx, record, id));
  return `Draft ${id} restored.`;
}
