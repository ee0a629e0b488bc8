/**
 * The operator's review of manuscripts (spec §3, §4): `admin manuscript-review --id N --decision
 * approve|reject|offline [--reason text]`. The embedded database is held by a running server, so
 * the CLI then goes through POST /operator/manuscript/review (cli/operator-call.ts); otherwise it
 * opens the database itself.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { CliRefusal } from '../../cli/commands';
import { viaServerOrDatabase } from '../../cli/operator-call';
import type { AppConfig } from '../../config';
import { ApiError } from '../../lib/api-error';
import { envelope, objectOf, str } from '../../lib/schemas';
import { operatorToken, sameToken } from '../../lib/operator-access';
import { editorClock } from './clock';
import { REJECT_REASON_MAX, type ReviewAction, reviewManuscript } from './publish';

export const REVIEW_DECISIONS: readonly ReviewAction[] = ['approve', 'reject', 'offline'];
const OUTCOME: Readonly<Record<ReviewAction, string>> = { approve: '已发布 (7)', reject: '未通过 (6)', offline: '已下线 (13)' };

async function decide(db: Parameters<typeof reviewManuscript>[0], id: number, decision: ReviewAction, reason: string): Promise<string> {
  await reviewManuscript(db, id, decision, reason, editorClock.now());
  return `Manuscript ${id} is now ${OUTCOME[decision]}.`;
}

const reviewBody = objectOf(
  { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, decision: { type: 'string', enum: [...REVIEW_DECISIONS] }, reason: { type: 'string', maxLength: REJECT_REASON_MAX * 4, default: '' } },
  ['id', 'decision'],
);

export const operatorReviewRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { id: number; decision: ReviewAction; reason: string } }>(
    '/operator/manuscript/review',
    { config: { auth: 'public' }, schema: { body: reviewBody, response: { 200: envelope(objectOf({ message: str })) } } },
    async (request) => {
      if (!sameToken(String(request.headers['x-operator-token'] ?? ''), operatorToken())) throw new ApiError(ApiCode.FORBIDDEN, '无权执行运营操作', 403);
      return ok({ message: await decide(app.db, request.body.id, request.body.decision, request.body.reason) });
    },
  );
};

export async function runManuscriptReview(config: AppConfig, o: { id: string; decision: string; reason: string }): Promise<string> {
  const id = Number(o.id);
  if (!/^[1-9]\d{0,9}$/.test(o.id) || id > 2_147_483_647) throw new CliRefusal(`--id must be a manuscript id, got "${o.id}".`);
  const decision = REVIEW_DECISIONS.find((value) => value === o.decision);
  if (!decision) throw new CliRefusal('--decision must be approve (→ 已发布), reject (→ 未通过, needs --reason) or offline (→ 已下线).');
  const call = { path: '/operator/manuscript/review', body: { id, decision, reason: o.reason }, refusal: (message: string) => new CliRefusal(message) };
  return viaServerOrDatabase(config, call, async (db) => {
    try {
      return await decide(db, id, decision, o.reason);
    } catch (error) {
      if (error instanceof ApiError) throw new CliRefusal(error.message);
      throw error;
    }
  });
}
