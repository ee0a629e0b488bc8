/**
 * The rights centre's view of one creator: level, what the next level misses, and each right's state.
 * A right is unlocked from its level with no ban in force; its state then follows the latest
 * application (审核中 / 已开通 / 未通过 with the reviewer's reason; after a refusal one may apply again).
 */
import type { Kysely } from 'kysely';
import { CREATOR_LEVELS, CREATOR_RIGHTS, type RightInfo, type RightStatus, type RightsAnswer, type ScoreBreakdown } from 'shared-sdk/contract';
import type { Database, RightApplicationRow, UserRow } from '../../db/schema';
import { findActiveBan, isVerified } from '../../plugins/app/guards';
import { levelOf } from '../score/levels';

export interface RightsFacts {
  score: number;
  dimensions: ScoreBreakdown;
  verified: boolean;
  banned: boolean;
}

export async function rightsFactsOf(db: Kysely<Database>, user: UserRow, today: { score: number; dimensions: ScoreBreakdown }): Promise<RightsFacts> {
  return { ...today, verified: isVerified(user), banned: (await findActiveBan(db, user.id)) !== null };
}

/** Why `right` cannot be applied for yet (empty when it can). */
export function missingForRight(right: RightInfo, level: number, facts: RightsFacts): string[] {
  const missing: string[] = [];
  if (level < right.level) {
    const name = CREATOR_LEVELS.find((l) => l.level === right.level)?.name ?? '';
    missing.push(`等级达到 Lv${right.level} ${name}（当前 Lv${level}）`);
  }
  if (!facts.verified) missing.push('完成实名认证');
  if (facts.banned) missing.push('账号封禁期间不能申请');
  return missing;
}

export async function latestApplications(db: Kysely<Database>, userId: number): Promise<Map<string, RightApplicationRow>> {
  const rows = await db.selectFrom('right_applications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  const latest = new Map<string, RightApplicationRow>();
  for (const row of rows) if (!latest.has(row.right_code)) latest.set(row.right_code, row);
  return latest;
}

export function rightsView(facts: RightsFacts, applications: Map<string, RightApplicationRow>): RightsAnswer {
  const { level, nextMissing } = levelOf(facts);
  const rights: RightStatus[] = CREATOR_RIGHTS.map((right) => {
    const application = applications.get(right.code);
    if (application?.status === 'approved') return { ...right, state: 'approved', reason: '', missing: [] };
    if (application?.status === 'pending') return { ...right, state: 'pending', reason: '', missing: [] };
    const missing = missingForRight(right, level, facts);
    if (missing.length > 0) return { ...right, state: 'locked', reason: application?.reason ?? '', missing };
    if (application?.status === 'rejected') return { ...right, state: 'rejected', reason: application.reason, missing: [] };
    return { ...right, state: 'available', reason: '', missing: [] };
  });
  return { user_score: facts.score, level, next_missing: nextMissing, rights };
}
