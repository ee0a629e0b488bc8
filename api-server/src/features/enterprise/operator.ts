/** The operator's certification commands (`npm run admin certification-review|certification-queue`). */
import type { Kysely } from 'kysely';
import type { CertKind } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { tools } from 'shared-sdk/contract/schemas';
import { type ReviewDecision, REVIEW_DECISIONS, ReviewRefusal, pendingCertifications, reviewCertification } from './certification-store';

export const certificationCommands = {
  'certification-review': (db: Kysely<Database>, a: tools.ToolCommandArgs): Promise<string> => {
    const kind = a.kind ?? 'enterprise';
    if (kind !== 'enterprise' && kind !== 'gov') throw new ReviewRefusal(`--kind must be enterprise or gov, got "${kind}".`);
    const decision = a.decision ?? '';
    if (!(REVIEW_DECISIONS as readonly string[]).includes(decision)) throw new ReviewRefusal(`--decision must be one of ${REVIEW_DECISIONS.join(', ')}.`);
    return reviewCertification(db, { phone: a.phone ?? '', kind: kind as CertKind, decision: decision as ReviewDecision, reason: a.reason ?? '' });
  },
  'certification-queue': (db: Kysely<Database>): Promise<string> => pendingCertifications(db),
};
