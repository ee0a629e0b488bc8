/**
 * `admin material-audit --id N --status 4|2|3 [--reason text]`: through the running server when one
 * holds the embedded database (operator-access.ts), else straight on the database.
 */
import type { AppConfig } from '../../config';
import { openDatabase, pgliteDirFor } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { AuditRefusal, setAuditStatus } from './audit';
import { readOperatorAccess } from './operator-access';

export async function runMaterialAudit(config: AppConfig, o: { id: string; status: string; reason: string }): Promise<string> {
  const id = Number(o.id);
  const status = Number(o.status);
  if (!Number.isInteger(id) || id < 1) throw new AuditRefusal(`--id must be a material id, got "${o.id}".`);
  const access = config.databaseUrl ? null : readOperatorAccess(config.dataDir);
  if (access) {
    const response = await fetch(`${access.url}/operator/material/audit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': access.token },
      body: JSON.stringify({ id, status, reason: o.reason }),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: { message: string } | null };
    if (answer.code !== 0 || !answer.data) throw new AuditRefusal(answer.msg);
    return `${answer.data.message} (through the running server at ${access.url})`;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    await migrateToLatest(database.db);
    return await setAuditStatus(database.db, id, status, o.reason);
  } finally {
    await database.close();
  }
}
