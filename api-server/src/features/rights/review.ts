/** Operator side of the rights centre (`admin right-list`, `admin right-review`). */
import type { Kysely } from 'kysely';
import { CREATOR_RIGHTS } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';

export class RightReviewRefusal extends Error {}

const nameOf = (code: string): string => CREATOR_RIGHTS.find((r) => r.code === code)?.name ?? code;

export async function listRightApplications(db: Kysely<Database>, status: string): Promise<string> {
  if (status && !['pending', 'approved', 'rejected'].includes(status)) throw new RightReviewRefusal('--status must be pending, approved or rejected.');
  let query = db
    .selectFrom('right_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.right_code', 'a.status', 'a.reason', 'a.created_at', 'u.phone', 'u.nickname'])
    .orderBy('a.id');
  if (status) query = query.where('a.status', '=', status as 'pending' | 'approved' | 'rejected');
  const rows = await query.execute();
  if (rows.length === 0) return 'No applications.';
  return rows
    .map(
      (r) =>
        `#${r.id}  ${r.phone} ${r.nickname}  ${nameOf(r.right_code)} (${r.right_code})  ${r.status}${r.reason ? `  ${r.reason}` : ''}  ${r.created_at.toISOString()}`,
    )
    .join('\n');
}

/** Approves or rejects a pending application; a rejection needs the reason the creator will read. */
export async function reviewRightApplication(db: Kysely<Database>, o: { id: string; status: string; reason: string }, now = new Date()): Promise<string> {
  const id = Number(o.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new RightReviewRefusal(`"${o.id}" is not an application id.`);
  if (o.status !== 'approved' && o.status !== 'rejected') throw new RightReviewRefusal('--status must be approved or rejected.');
  const reason = o.reason.trim();
  if (o.status === 'rejected' && !reason) throw new RightReviewRefusal('A rejection needs --reason (the creator reads it).');
  if (reason.length > 200) throw new RightReviewRefusal('--reason must have at most 200 characters.');
  const updated = await db
    .updateTable('right_applications')
    .set({ status: o.status, reason: o.status === 'rejected' ? reason : '', reviewed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['right_code'])
    .executeTakeFirst();
  if (!updated) {
    const existing = await db.selectFrom('right_applications').select('status').where('id', '=', id).executeTakeFirst();
    throw new RightReviewRefusal(existing ? `Application ${id} is already ${existing.status}.` : `No application ${id}.`);
  }
  return `Application ${id} (${nameOf(updated.right_code)}) is now ${o.status}.`;
}
