/**
 * The review queues' decisions, each with its audit row: the operator API's routes
 * (decision-routes.ts) and the command line (`material-audit`, `manuscript-review`,
 * `certification-review`, on the database or through the embedded server's detour) both run these
 * inside `audited()`, each with its own actor, so the two paths change and record the same.
 */
import type { Kysely } from 'kysely';
import { type CertKind, MaterialAuditStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/api-error';
import { editorClock } from '../editor/clock';
import { reviewManuscript } from '../editor/publish';
import { type ReviewDecision, applyCertificationReview } from '../enterprise/certification-store';
import { applyAuditStatus } from '../materials/audit';
import type { OperatorActor } from './actor';
import type { Record } from './audit';
import { notifyCreator } from './notify';

type Tx = Kysely<Database>;

export const MATERIAL_STATUS = { approve: MaterialAuditStatus.APPROVED, reject: MaterialAuditStatus.FAILED, review: MaterialAuditStatus.IN_REVIEW } as const;
export type MaterialDecision = keyof typeof MATERIAL_STATUS;
const MANUSCRIPT_OUTCOME = { approve: '已发布', reject: '未通过', offline: '已下线' } as const;
const CERT_NAMES = { enterprise: '企业认证', gov: '政务认证' } as const;

/** A material approved, rejected (the creator told why) or put back in review; the outcome's name. Unknown: AuditRefusal. */
export async function decideMaterial(
  tx: Tx,
  record: Record,
  actor: OperatorActor,
  o: { id: number; decision: MaterialDecision; reason: string },
): Promise<string> {
  const reason = o.reason.trim();
  const step = await applyAuditStatus(tx, o.id, MATERIAL_STATUS[o.decision], o.decision === 'reject' ? reason : '', actor.id);
  if (o.decision === 'reject') {
    await notifyCreator(tx, step.ownerId, '素材审核未通过', `您的素材「${step.title}」审核未通过，原因：${reason}`);
  }
  record({ action: `material.${o.decision}`, targetType: 'material', targetId: o.id, before: step.before, after: step.after, reason });
  return o.decision === 'approve' ? '审核通过' : o.decision === 'reject' ? '审核失败' : '审核中';
}

/** A manuscript published, rejected or taken offline; the outcome's name. */
export async function decideManuscript(tx: Tx, record: Record, o: { id: number; decision: 'approve' | 'reject' | 'offline'; reason: string }): Promise<string> {
  const reason = o.reason.trim();
  const before = await tx.selectFrom('manuscripts').select(['status', 'reject_reason']).where('id', '=', o.id).executeTakeFirst();
  const { status } = await reviewManuscript(tx, o.id, o.decision, reason, editorClock.now());
  record({
    action: `manuscript.${o.decision}`,
    targetType: 'manuscript',
    targetId: o.id,
    before: before ? { status: before.status, reject_reason: before.reject_reason } : null,
    after: { status, reject_reason: o.decision === 'reject' ? reason : '' },
    reason,
  });
  return MANUSCRIPT_OUTCOME[o.decision];
}

/**
 * A certification application's review step; the creator hears any decision. Not waiting for this
 * step: 1009 conflict; a bad reason: ReviewRefusal. Answers the audit status before and after.
 */
export async function decideCertification(
  tx: Tx,
  record: Record,
  o: { userId: number; kind: CertKind; decision: ReviewDecision; reason: string },
): Promise<{ before: number; after: number; reason: string }> {
  const step = await applyCertificationReview(tx, o);
  if (!step) throw conflict('该申请不在可执行此操作的状态');
  if (o.decision !== 'reviewing') {
    const name = CERT_NAMES[o.kind];
    const text = o.decision === 'approve' ? `您的${name}申请已通过审核` : `您的${name}申请未通过审核，原因：${step.reason}`;
    await notifyCreator(tx, o.userId, `${name}审核结果`, text);
  }
  record({
    action: `certification.${o.decision}`,
    targetType: `certification.${o.kind}`,
    targetId: o.userId,
    before: { audit_status: step.before },
    after: { audit_status: step.after },
    reason: o.reason.trim(),
  });
  return step;
}
