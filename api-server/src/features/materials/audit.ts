/**
 * Moderation: an operator moves a material through 审核中 (4), 审核通过 (2) and 审核失败 (3); each
 * step is logged. docs/product.md §3's log codes have no operator audit step, so three codes of ours follow its
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

/** What an audit step changed: the material's owner and title, its status before and after. */
export interface AuditStep {
  id: number;
  ownerId: number;
  title: string;
  before: { cm_check: number; audit_reason: string };
  after: { cm_check: number; audit_reason: string };
}

/**
 * The audit step inside the caller's transaction: the status, the reason, and the operation record
 * naming the operator who took it (null from the command line's database path). Throws
 * AuditRefusal for an unknown material or status.
 */
export async function applyAuditStatus(tx: Kysely<Database>, id: number, status: number, reason: string, operatorId: number | null): Promise<AuditStep> {
  const code = AUDIT_LOG_CODES[status];
  if (!code) throw new AuditRefusal(`Status must be 4 (in review), 2 (approved) or 3 (failed), got ${status}.`);
  const before = await tx
    .selectFrom('materials')
    .select(['id', 'owner_id', 'title', 'cm_check', 'audit_reason'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new AuditRefusal(`No material with id ${id}.`);
  await tx.updateTable('materials').set({ cm_check: status, audit_reason: reason, updated_at: new Date() }).where('id', '=', id).execute();
  await tx.insertInto('material_logs').values({ material_id: id, user_id: null, operator_id: operatorId, behavior: code, note: reason }).execute();
  return {
    id,
    ownerId: before.owner_id,
    title: before.title,
    before: { cm_check: before.cm_check, audit_reason: before.audit_reason },
    after: { cm_check: status, audit_reason: reason },
  };
}

/** Returns the line an operator sees; throws AuditRefusal for an unknown material or status. */
export async function setAuditStatus(db: Kysely<Database>, id: number, status: number, reason = ''): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const step = await applyAuditStatus(tx, id, status, reason, null);
    return `Material ${id} (${step.title}) is now ${status}${reason ? ` (${reason})` : ''}.`;
  });
}
