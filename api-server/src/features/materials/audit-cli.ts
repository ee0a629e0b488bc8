/**
 * `admin material-audit --id N --status 4|2|3 [--reason text]`: through the running server when one
 * holds the embedded database, else straight on the database (cli/operator-call.ts).
 */
import { viaServerOrDatabase } from '../../cli/operator-call';
import type { AppConfig } from '../../config';
import { cliActor } from '../operators/audit';
import { AuditRefusal } from './audit';
import { auditMaterialAsCli } from './audit-as-cli';

export async function runMaterialAudit(config: AppConfig, o: { id: string; status: string; reason: string }): Promise<string> {
  const id = Number(o.id);
  const status = Number(o.status);
  if (!Number.isInteger(id) || id < 1) throw new AuditRefusal(`--id must be a material id, got "${o.id}".`);
  const call = { path: '/operator/material/audit', body: { id, status, reason: o.reason }, refusal: (message: string) => new AuditRefusal(message) };
  return viaServerOrDatabase(config, call, (db) => auditMaterialAsCli(db, cliActor(), id, status, o.reason));
}
