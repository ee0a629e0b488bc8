/** The operator's certification commands (`npm run admin certification-review|certification-queue`). */
import type { Kysely } from 'kysely';
import type { CertKind } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { tools } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import type { OperatorActor } from '../operators/actor';
import { audited } from '../operators/audit';
import { decideCertification } from '../operators/decision-changes';
import { type ReviewDecision, REVIEW_DECISIONS, ReviewRefusal, pendingCertifications } from './certification-store';

/** The operator API's review step (decideCertification) with its audit row, as the command line; the creator is named by phone. */
async function reviewAsCli(
  db: Kysely<Database>,
  actor: OperatorActor,
  o: { phone: string; kind: CertKind; decision: ReviewDecision; reason: string },
): Promise<string> {
  const user = await db.selectFrom('users').select('id').where('phone', '=', o.phone).executeTakeFirst();
  if (!user) throw new ReviewRefusal(`No account with phone ${o.phone}.`);
  try {
    const step = await audited(db, actor, (tx, record) =>
      decideCertification(tx, record, { userId: user.id, kind: o.kind, decision: o.decision, reason: o.reason }),
    );
    return `${o.kind} application of ${o.phone} is now ${step.after}${o.decision === 'reject' ? ` (${step.reason})` : ''}.`;
  } catch (error) {
    if (error instanceof ApiError) throw new ReviewRefusal(`${o.phone} has no ${o.kind} application waiting for this step.`);
    throw error;
  }
}

export const certificationCommands = {
  'certification-review': (db: Kysely<Database>, a: tools.ToolCommandArgs, actor: OperatorActor): Promise<string> => {
    const kind = a.kind ?? 'enterprise';
    if (kind !== 'enterprise' && kind !== 'gov') throw new ReviewRefusal(`--kind must be enterprise or gov, got "${kind}".`);
    const decision = a.decision ?? '';
    if (!(REVIEW_DECISIONS as readonly string[]).includes(decision)) throw new ReviewRefusal(`--decision must be one of ${REVIEW_DECISIONS.join(', ')}.`);
    return reviewAsCli(db, actor, { phone: a.phone ?? '', kind: kind as CertKind, decision: decision as ReviewDecision, reason: a.reason ?? '' });
  },
  'certification-queue': (db: Kysely<Database>): Promise<string> => pendingCertifications(db),
};
