/**
 * Moderation: an operator moves a material through 审核中 (4), 审核通过 (2) and 审核失败 (3); each
 * step is logged. Spec §3's log codes have no operator audit step, so three codes of ours follow its
 * list (the screens label them; mf-materials features/materials/log-labels.ts).
 */
import type { Kysely } from 'kysely';
import { MaterialAuditStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';

export const AUDIT_LOG_CODES: Readonly<Record<number, number>> = {
  [MaterialAuditStatus.IN_REVIEW]: 10,
  [MaterialAuditStatus.APPROVED]: 11,
  [MaterialAuditStatus.FAILED]: 12,
};

export class AuditRefusal extends Error {}

/** Returns the line an operator sees; throws AuditRefusal for an unknown material or status. */
export async function setAuditStatus(db: Kysely<Database>, id: number, status: number, reason = ''): Promise<string> {
  const code = AUDIT_LOG_CODES[status];
  if (!code) throw new AuditRefusal(`Status must be 4 (in review), 2 (approved) or 3 (failed), got ${status}.`);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('materials')
      .set({ cm_check: status, audit_reason: reason, updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['id', 'title'])
      .executeTakeFirst();
    if (!row) throw new AuditRefusal(`No material with id ${id}.`);
    await tx.insertInto('material_logs').values({ material_id: id, user_id: null, behavior: code, note: reason }).execute();
    return `Material ${id} (${row.title}) is now ${status}${reason ? ` (${reason})` : ''}.`;
  });
}
