/**
 * The operator's review of manuscripts (docs/product.md §3, §4): `admin manuscript-review --id N --decision
 * approve|reject|offline [--reason text]`. The embedded database is held by a running server, so
 * the CLI then goes through POST /operator/manuscript/review (cli/operator-call.ts); otherwise it
 * opens the database itself.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { editor as contract } from 'shared-sdk/contract/schemas';
import { CliRefusal } from '../../cli/commands';
import { viaServerOrDatabase } from '../../cli/operator-call';
import type { AppConfig } from '../../config';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { checkEmbeddedOperator, embeddedCliUser } from '../../lib/operator-access';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OperatorActor } from '../operators/actor';
import { audited, cliActor } from '../operators/audit';
import { decideManuscript } from '../operators/decision-changes';

type ReviewAction = contract.ReviewAction;
const OUTCOME: Readonly<Record<ReviewAction, string>> = { approve: '已发布 (7)', reject: '未通过 (6)', offline: '已下线 (13)' };

/** The operator API's decision (decideManuscript) with its audit row, as the command line. */
async function decide(db: Kysely<Database>, actor: OperatorActor, id: number, decision: ReviewAction, reason: string): Promise<string> {
  await audited(db, actor, (tx, record) => decideManuscript(tx, record, { id, decision, reason }));
  return `Manuscript ${id} is now ${OUTCOME[decision]}.`;
}

export const operatorReviewRoute: FastifyPluginAsync = async (app) => {
  serve(app, contract.operatorManuscriptReview, async (request) => {
    checkEmbeddedOperator(request, app.config.production);
    const { id, decision, reason = '' } = request.body;
    return ok({ message: await decide(app.db, cliActor(embeddedCliUser(request)), id, decision, reason) });
  });
};

export async function runManuscriptReview(config: AppConfig, o: { id: string; decision: string; reason: string }): Promise<string> {
  const id = Number(o.id);
  if (!/^[1-9]\d{0,9}$/.test(o.id) || id > 2_147_483_647) throw new CliRefusal(`--id must be a manuscript id, got "${o.id}".`);
  const decision = contract.REVIEW_DECISIONS.find((value) => value === o.decision);
  if (!decision) throw new CliRefusal('--decision must be approve (→ 已发布), reject (→ 未通过, needs --reason) or offline (→ 已下线).');
  const call = { path: '/operator/manuscript/review', body: { id, decision, reason: o.reason }, refusal: (message: string) => new CliRefusal(message) };
  return viaServerOrDatabase(config, call, async (db) => {
    try {
      return await decide(db, cliActor(), id, decision, o.reason);
    } catch (error) {
      if (error instanceof ApiError) throw new CliRefusal(error.message);
      throw error;
    }
  });
}
