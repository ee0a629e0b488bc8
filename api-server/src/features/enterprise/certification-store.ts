/**
 * Enterprise and government-affairs applications. The audit status follows docs/product.md §3 (0 none,
 * 2 submitted, 3 reviewing, 1 passed, 4 failed); for the enterprise kind the user's enterprise data
 * (status 0/1/2, cert_audit_status) and cert_type 24 move with it in the same transaction, because
 * the shell's dropdown and badge read them from the user.
 */
import type { Kysely } from 'kysely';
import {
  type CertKind,
  type CertificationApplyRequest,
  type CertificationState,
  CertAuditStatus,
  ENTERPRISE_CERT_TYPE,
  EnterpriseStatus,
  canApply,
  checkCertification,
} from 'shared-sdk/contract';
import type { Database, UserRow } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';
import { conflict, invalid } from '../../lib/api-error';
import { formatTime } from '../../lib/china-time';
import { OperatorRefusal } from '../../lib/operator-refusal';
import { ownImageKey } from './own-image';

export const CERT_REFUSALS = {
  IN_REVIEW: '认证申请审核中，请耐心等待',
  PASSED: '已通过认证，无需重复申请',
} as const;

export async function certificationState(db: Kysely<Database>, store: ObjectStore, user: UserRow, kind: CertKind): Promise<CertificationState> {
  const row = await db.selectFrom('certifications').selectAll().where('user_id', '=', user.id).where('kind', '=', kind).executeTakeFirst();
  if (!row) {
    // An enterprise certified before applications were kept here (or by an operator) still reads as passed.
    const passed = kind === 'enterprise' && user.enterprise_status === EnterpriseStatus.CERTIFIED;
    return { cert_audit_status: passed ? CertAuditStatus.PASSED : CertAuditStatus.NONE, reason: '', application: null };
  }
  return {
    cert_audit_status: row.audit_status,
    reason: row.audit_status === CertAuditStatus.FAILED ? row.reason : '',
    application: {
      org_name: row.org_name,
      credit_code: row.credit_code,
      licence_url: store.publicUrl(row.licence_key),
      contact_name: row.contact_name,
      contact_phone: row.contact_phone,
      submit_time: formatTime(row.submitted_at),
      review_time: row.reviewed_at ? formatTime(row.reviewed_at) : null,
    },
  };
}

/** Submits (or resubmits after a failure) the caller's application; it then waits for review (2). */
export async function applyForCertification(
  db: Kysely<Database>,
  store: ObjectStore,
  user: UserRow,
  kind: CertKind,
  input: CertificationApplyRequest,
): Promise<void> {
  const problem = checkCertification(input);
  if (problem) throw invalid(problem);
  const current = await certificationState(db, store, user, kind);
  if (current.cert_audit_status === CertAuditStatus.PASSED) throw conflict(CERT_REFUSALS.PASSED);
  if (!canApply(current.cert_audit_status)) throw conflict(CERT_REFUSALS.IN_REVIEW);
  const licenceKey = await ownImageKey(db, store, input.licence_url, user.id);
  const values = {
    org_name: input.org_name.trim(),
    credit_code: input.credit_code.trim().toUpperCase(),
    licence_key: licenceKey,
    contact_name: input.contact_name.trim(),
    contact_phone: input.contact_phone.trim(),
    audit_status: CertAuditStatus.SUBMITTED,
    reason: '',
    submitted_at: new Date(),
    reviewed_at: null,
  };
  await db.transaction().execute(async (tx) => {
    // The status guard in the update makes two concurrent submissions end as one.
    const updated = await tx
      .updateTable('certifications')
      .set(values)
      .where('user_id', '=', user.id)
      .where('kind', '=', kind)
      .where('audit_status', '=', CertAuditStatus.FAILED)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const inserted = await tx
        .insertInto('certifications')
        .values({ user_id: user.id, kind, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw conflict(CERT_REFUSALS.IN_REVIEW);
    }
    if (kind === 'enterprise') {
      await tx
        .updateTable('users')
        .set({ enterprise_status: EnterpriseStatus.APPLIED, enterprise_cert_audit_status: CertAuditStatus.SUBMITTED })
        .where('id', '=', user.id)
        .execute();
    }
  });
}

export type ReviewDecision = 'reviewing' | 'approve' | 'reject';
export const REVIEW_DECISIONS: readonly ReviewDecision[] = ['reviewing', 'approve', 'reject'];

export class ReviewRefusal extends OperatorRefusal {}

/**
 * The review step inside the caller's transaction, by user id: the application's status before and
 * after, or null when it is not waiting for this step. Throws ReviewRefusal for a bad reason.
 */
export async function applyCertificationReview(
  tx: Kysely<Database>,
  o: { userId: number; kind: CertKind; decision: ReviewDecision; reason: string; now?: Date },
): Promise<{ before: number; after: number; reason: string } | null> {
  const reason = o.reason.trim();
  if (o.decision === 'reject' && !reason) throw new ReviewRefusal('A rejection needs --reason (the creator sees it).');
  if ([...reason].length > 200) throw new ReviewRefusal('--reason is at most 200 characters.');
  const target = o.decision === 'reviewing' ? CertAuditStatus.REVIEWING : o.decision === 'approve' ? CertAuditStatus.PASSED : CertAuditStatus.FAILED;
  const from = o.decision === 'reviewing' ? [CertAuditStatus.SUBMITTED] : [CertAuditStatus.SUBMITTED, CertAuditStatus.REVIEWING];
  const current = await tx
    .selectFrom('certifications')
    .select('audit_status')
    .where('user_id', '=', o.userId)
    .where('kind', '=', o.kind)
    .forUpdate()
    .executeTakeFirst();
  if (!current || !(from as number[]).includes(current.audit_status)) return null;
  await tx
    .updateTable('certifications')
    .set({ audit_status: target, reason: o.decision === 'reject' ? reason : '', reviewed_at: o.decision === 'reviewing' ? null : (o.now ?? new Date()) })
    .where('user_id', '=', o.userId)
    .where('kind', '=', o.kind)
    .execute();
  if (o.kind === 'enterprise') {
    const enterprise =
      target === CertAuditStatus.PASSED
        ? { enterprise_status: EnterpriseStatus.CERTIFIED, enterprise_cert_audit_status: target, cert_type: ENTERPRISE_CERT_TYPE }
        : { enterprise_status: target === CertAuditStatus.FAILED ? EnterpriseStatus.NONE : EnterpriseStatus.APPLIED, enterprise_cert_audit_status: target };
    await tx.updateTable('users').set(enterprise).where('id', '=', o.userId).execute();
  }
  return { before: current.audit_status, after: target, reason: o.decision === 'reject' ? reason : '' };
}

/** Applications waiting for the operator, oldest first (the CLI's queue). */
export async function pendingCertifications(db: Kysely<Database>): Promise<string> {
  const rows = await db
    .selectFrom('certifications')
    .innerJoin('users', 'users.id', 'certifications.user_id')
    .select(['users.phone', 'kind', 'org_name', 'credit_code', 'audit_status', 'submitted_at'])
    .where('audit_status', 'in', [CertAuditStatus.SUBMITTED, CertAuditStatus.REVIEWING])
    .orderBy('submitted_at')
    .execute();
  if (!rows.length) return 'No application waits for review.';
  return rows.map((r) => `${r.phone}\t${r.kind}\t${r.audit_status}\t${r.credit_code}\t${r.org_name}\t${formatTime(r.submitted_at)}`).join('\n');
}
