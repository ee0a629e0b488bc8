/**
 * Decisions on the review queues: materials and manuscripts (several at once, each decided and
 * audited in a transaction of its own, so one refusal does not undo the others) and certification
 * applications. The creator hears a rejection, and any certification decision, as a notice.
 */
import type { FastifyInstance } from 'fastify';
import { ApiCode, type DecisionResult, ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { ApiError, invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { ReviewRefusal } from '../enterprise/certification-store';
import { AuditRefusal } from '../materials/audit';
import { audited } from './audit';
import { decideCertification, decideManuscript, decideMaterial } from './decision-changes';
import { certificationColumns, certificationOf } from './queues';

const idsOf = (list: string): number[] => [...new Set(list.split(',').map(Number))];

function requireReason(decision: string, reason: string): string {
  const text = reason.trim();
  if (decision === 'reject' && !text) throw invalid('参数错误：驳回须填写原因，创作者会看到它');
  return text;
}

/** One item's outcome: a refusal of that item is its answer, anything else fails the call. */
async function each(ids: number[], decide: (id: number) => Promise<string>): Promise<DecisionResult[]> {
  const results: DecisionResult[] = [];
  for (const id of ids) {
    try {
      results.push({ id, ok: true, message: await decide(id) });
    } catch (error) {
      if (error instanceof ApiError || error instanceof AuditRefusal) results.push({ id, ok: false, message: error.message });
      else throw error;
    }
  }
  return results;
}

export function registerDecisionRoutes(app: FastifyInstance): void {
  serve(app, contract.materialDecide, async (request) => {
    const actor = requireOperator(request);
    const { decision } = request.body;
    const reason = requireReason(decision, request.body.reason ?? '');
    const results = await each(idsOf(request.body.ids), (id) =>
      audited(app.db, actor, (tx, record) => decideMaterial(tx, record, actor, { id, decision, reason })).catch((error: unknown) => {
        if (error instanceof AuditRefusal) throw new ApiError(ApiCode.NOT_FOUND, '素材不存在或已删除');
        throw error;
      }),
    );
    return ok(results);
  });

  serve(app, contract.manuscriptDecide, async (request) => {
    const actor = requireOperator(request);
    const { decision } = request.body;
    const reason = requireReason(decision, request.body.reason ?? '');
    const results = await each(idsOf(request.body.ids), (id) => audited(app.db, actor, (tx, record) => decideManuscript(tx, record, { id, decision, reason })));
    return ok(results);
  });

  serve(app, contract.certificationDecide, async (request) => {
    const actor = requireOperator(request);
    const { user_id: userId, kind, decision } = request.body;
    const reason = requireReason(decision, request.body.reason ?? '');
    return audited(app.db, actor, async (tx, record) => {
      try {
        await decideCertification(tx, record, { userId, kind, decision, reason });
      } catch (error) {
        if (error instanceof ReviewRefusal) throw invalid(`参数错误：${error.message}`);
        throw error;
      }
      const row = await tx
        .selectFrom('certifications as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(certificationColumns)
        .where('c.user_id', '=', userId)
        .where('c.kind', '=', kind)
        .executeTakeFirstOrThrow();
      return ok(certificationOf(app.storage, row));
    });
  });
}
