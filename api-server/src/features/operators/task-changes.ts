/**
 * The command line's other changes (a deleted draft restored, a rights application decided, a day's
 * scores built), each with its audit row: the operator API's routes (task-routes.ts) and the
 * command line's direct-database path (cli/admin.ts) both run these, each with its own actor, so
 * the two paths change and record the same.
 */
import type { Kysely } from 'kysely';
import { CREATOR_RIGHTS } from 'shared-sdk/contract';
import type { Engine } from '../../db/connect';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/api-error';
import { reviewRightApplication } from '../rights/review';
import { scoreDaily } from '../score/daily-job';
import type { OperatorActor } from './actor';
import { type Record, writeAudit } from './audit';
import { notifyCreator } from './notify';

type Tx = Kysely<Database>;

export const rightName = (code: string): string => CREATOR_RIGHTS.find((r) => r.code === code)?.name ?? code;

/** Undoes a creator's deletion of a draft. Unknown: 1004; not deleted: 1009. */
export async function restoreDeletedDraft(tx: Tx, record: Record, id: number): Promise<void> {
  const row = await tx.selectFrom('drafts').select(['id', 'deleted_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('草稿不存在');
  if (!row.deleted_at) throw conflict('该草稿未被删除');
  await tx.updateTable('drafts').set({ deleted_at: null, updated_at: new Date() }).where('id', '=', id).execute();
  record({ action: 'draft.restore', targetType: 'draft', targetId: id, before: { deleted_at: row.deleted_at.toISOString() }, after: { deleted_at: null } });
}

/**
 * Approves or rejects a pending rights application and tells the creator. Refusals (not pending,
 * unknown, a rejection without a reason) are `RightReviewRefusal`s; the answer is the CLI's line.
 */
export async function decideRightApplication(tx: Tx, record: Record, o: { id: number; decision: 'approved' | 'rejected'; reason: string }): Promise<string> {
  const reason = o.reason.trim();
  const line = await reviewRightApplication(tx, { id: String(o.id), status: o.decision, reason });
  const row = await tx.selectFrom('right_applications').select(['user_id', 'right_code']).where('id', '=', o.id).executeTakeFirstOrThrow();
  const name = rightName(row.right_code);
  await notifyCreator(
    tx,
    row.user_id,
    `权益申请${o.decision === 'approved' ? '已通过' : '未通过'}`,
    o.decision === 'approved' ? `您申请的「${name}」已通过` : `您申请的「${name}」未通过，原因：${reason}`,
  );
  record({
    action: `right.${o.decision === 'approved' ? 'approve' : 'reject'}`,
    targetType: 'right_application',
    targetId: o.id,
    before: { status: 'pending' },
    after: { status: o.decision },
    reason,
  });
  return line;
}

/**
 * Builds a day's scores and rank lists from the day's data under the daily build's own lock (it
 * may wait for a replica's build); the audit row follows it, as it cannot share that lock's
 * transaction. `date` empty: today. Refusals are `ScoreDayRefusal`s.
 */
export async function buildScoreDay(db: Tx, actor: OperatorActor, date: string, engine: Engine): Promise<string> {
  const message = await scoreDaily(db, date, new Date(), engine);
  await writeAudit(db, actor, [{ action: 'score.daily', targetType: 'score', targetId: date || 'today', after: { message } }]);
  return message;
}
