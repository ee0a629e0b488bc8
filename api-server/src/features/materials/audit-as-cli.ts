/**
 * `admin material-audit` on the database (or the embedded server's detour): the operator API's
 * decision (decideMaterial) with its audit row, as the command line.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OperatorActor } from '../operators/actor';
import { audited } from '../operators/audit';
import { MATERIAL_STATUS, type MaterialDecision, decideMaterial } from '../operators/decision-changes';
import { AuditRefusal } from './audit';

export async function auditMaterialAsCli(db: Kysely<Database>, actor: OperatorActor, id: number, status: number, reason = ''): Promise<string> {
  const decision = (Object.keys(MATERIAL_STATUS) as MaterialDecision[]).find((key) => MATERIAL_STATUS[key] === status);
  if (!decision)
    throw new AuditRefusal(
      `--status must be ${MATERIAL_STATUS.review} (in review), ${MATERIAL_STATUS.approve} (approved) or ${MATERIAL_STATUS.reject} (failed).`,
    );
  await audited(db, actor, (tx, record) => decideMaterial(tx, record, actor, { id, decision, reason }));
  return `Material ${id} is now ${status}${reason.trim() ? ` (${reason.trim()})` : ''}.`;
}
