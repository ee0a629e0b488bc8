/**
 * Decisions on the review queues: materials and manuscripts (several at once, each decided and
 * audited in a transaction of its own, so one refusal does not undo the others) and certification
 * applications. The creator hears a rejection, and any certification decision, as a notice.
 */
import type { FastifyInstance } from 'fastify';
import { ApiCode, type DecisionResult, MaterialAuditStatus, ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { ApiError, conflict, invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { editorClock } from '../editor/clock';
import { reviewManuscript } from '../editor/publish';
import { ReviewRefusal, applyCertificationReview } from '../enterprise/certification-store';
import { AuditRefusal, applyAuditStatus } from '../materials/audit';
import { audited } from './audit';
import { notifyCreator } from './notify';
import { certificationColumns, certificationOf } from './queues';

const MATERIAL_STATUS = { approve: MaterialAuditStatus.APPROVED, reject: MaterialAuditStatus.FAILED, review: MaterialAuditStatus.IN_REVIEW } as const;
const MANUSCRIPT_OUTCOME = { approve: '已发布', reject: '未通过', offline: '已下线' } as const;
const CERT_NAMES = { enterprise: '企业认证', gov: '政务认证' } as const;

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
      audited(app.db, actor, async (tx, record) => {
        const step = await applyAuditStatus(tx, id, MATERIAL_STATUS[decision], decision === 'reject' ? reason : '', actor.id);
        if (decision === 'reject') {
          await notifyCreator(tx, step.ownerId, '素材审核未通过', `您的素材「${step.title}」审核未通过，原因：${reason}`);
        }
        record({ action: `material.${decision}`, targetType: 'material', targetId: id, before: step.before, after: step.after, reason });
        return decision === 'approve' ? '审核通过' : decision === 'reject' ? '审核失败' : '审核中';
      }).catch((error: unknown) => {
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
    const results = await each(idsOf(request.body.ids), (id) =>
      audited(app.db, actor, async (tx, record) => {
        const before = await tx.selectFrom('manuscripts').select(['status', 'reject_reason']).where('id', '=', id).executeTakeFirst();
        const { status } = await reviewManuscript(tx, id, decision, reason, editorClock.now());
        record({
          action: `manuscript.${decision}`,
          targetType: 'manuscript',
          targetId: id,
          before: before ? { status: before.status, reject_reason: before.reject_reason } : null,
          after: { status, reject_reason: decision === 'reject' ? reason : '' },
          reason,
        });
        return MANUSCRIPT_OUTCOME[decision];
      }),
    );
    return ok(results);
  });

  serve(app, contract.certificationDecide, async (request) => {
    const actor = requireOperator(request);
    const { user_id: userId, kind, decision } = request.body;
    const reason = requireReason(decision, request.body.reason ?? '');
    return audited(app.db, actor, async (tx, record) => {
      let step;
      try {
        step = await applyCertificationReview(tx, { userId, kind, decision, reason });
      } catch (error) {
        if (error instanceof ReviewRefusal) throw invalid(`参数错误：${error.message}`);
        throw error;
      }
      if (!step) throw conflict('该申请不在可执行此操作的状态');
      if (decision !== 'reviewing') {
        const text = decision === 'approve' ? `您的${CERT_NAMES[kind]}申请已通过审核` : `您的${CERT_NAMES[kind]}申请未通过审核，原因：${reason}`;
        await notifyCreator(tx, userId, `${CERT_NAMES[kind]}审核结果`, text);
      }
      record({
        action: `certification.${decision}`,
        targetType: `certification.${kind}`,
        targetId: userId,
        before: { audit_status: step.before },
        after: { audit_status: step.after },
        reason,
      });
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
