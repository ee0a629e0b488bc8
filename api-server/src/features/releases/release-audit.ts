/**
 * The release steps in the operators' audit trail: what a row keeps of a remote's rollout, and the
 * rows of the steps the server takes on its own (the automatic rollback, the step plans), written
 * as `systemActor` right after the manifest write they record (that write is not in the database,
 * so it cannot share a transaction with them, exactly as for the steps taken by hand).
 */
import type { FastifyInstance } from 'fastify';
import type { RolloutManifest } from 'deploy';
import { type AuditRecord, systemActor, writeAudit } from '../operators/audit';

/** The parts of a remote's rollout an audit row keeps. */
export function rolloutSummary(manifest: RolloutManifest, remote: string) {
  const rollout = manifest.remotes[remote];
  return {
    stable: rollout?.stable?.version ?? null,
    canary: rollout?.canary ? { version: rollout.canary.version, percent: rollout.canary.percent, paused: !!rollout.canary.paused } : null,
    ...(rollout?.watch ? { watch: { version: rollout.watch.version, until: rollout.watch.until } } : {}),
  };
}

export interface AutomaticStep {
  /** `release.<verb>`, as the manual steps name theirs (release.rollback, release.promote, …). */
  action: string;
  remote: string;
  reason: string;
  /** Figures of the decision (loads, rates, p-value…), kept with the after values. */
  figures?: Record<string, unknown>;
}

/**
 * Writes one audit row per step, actor `name` (role 'system'), with the remote's rollout before and
 * after. A row that cannot be written is logged as an error; the step itself has landed already.
 */
export async function auditAutomaticSteps(
  app: FastifyInstance,
  name: string,
  env: string,
  before: RolloutManifest,
  after: RolloutManifest,
  done: readonly AutomaticStep[],
): Promise<void> {
  const entries: AuditRecord[] = done.map((step) => ({
    action: step.action,
    targetType: 'release',
    targetId: `${env}/${step.remote}`,
    before: { revision: before.revision, ...rolloutSummary(before, step.remote) },
    after: { revision: after.revision, ...rolloutSummary(after, step.remote), ...step.figures },
    reason: step.reason,
  }));
  try {
    await writeAudit(app.db, systemActor(name), entries);
  } catch (error) {
    app.log.error({ err: error, actor: name, steps: done.map((step) => `${step.action} ${step.remote}`) }, 'release steps not written to the audit trail');
  }
}
