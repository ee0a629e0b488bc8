/** The audit trail's listing and CSV export, and the console's home (queues and the latest actions). */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { selfOf } from './accounts';
import { exportAuditCsv, listAudit } from './audit';
import { queueSummaries } from './queues';

export function registerAuditRoutes(app: FastifyInstance): void {
  serve(app, contract.auditList, async (request) => {
    const { page = 1, size = 50, ...filter } = request.query;
    return ok(await listAudit(app.db, filter, page, size));
  });

  serve(app, contract.auditExport, async (request) => {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return { filename: `operator-audit-${stamp}.csv`, body: exportAuditCsv(app.db, request.query) };
  });

  serve(app, contract.consoleHome, async (request) => {
    const [queues, recent] = await Promise.all([queueSummaries(app.db), listAudit(app.db, {}, 1, 10)]);
    return ok({ operator: selfOf(requireOperator(request)), queues, recent: recent.list });
  });
}
