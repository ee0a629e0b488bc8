/**
 * The release steps in the operators' audit trail: what a row keeps of a remote's rollout, and the
 * rows of the steps the server takes on its own (the automatic rollback, the step plans), written
 * as `systemActor` right after the manifest write they record. That write is in the release store
 * (a folder or a bucket), not in the database, so the two cannot share a transaction: a row that
 * cannot be written is retried, then logged with its content and counted on /metrics
 * (`release_audit_rows_lost_total`), never silently dropped (docs/releases.md, "The audit trail of
 * the automatic steps").
 */
import type { FastifyInstance } from 'fastify';
import type { RolloutManifest } from 'deploy';
import type { AuditAction } from 'shared-sdk/contract/audit-actions';
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
  action: Extract<AuditAction, `release.${string}`>;
  remote: string;
  reason: string;
  /** Figures of the decision (loads, rates, p-value…), kept with the after values. */
  figures?: Record<string, unknown>;
}

/** Waits between the attempts to write the automatic steps' rows (three attempts in all). */
export const AUDIT_RETRY_DELAYS_MS = [200, 1000];

/**
 * Writes one audit row per step, actor `name` (role 'system'), with the remote's rollout before and
 * after; retried after each of `retryDelaysMs`. Rows still not written are logged as an error with
 * their content (to be entered by hand) and counted on /metrics; the step itself has landed already.
 * Answers whether the rows were written.
 */
export async function auditAutomaticSteps(
  app: FastifyInstance,
  name: string,
  env: string,
  before: RolloutManifest,
  after: RolloutManifest,
  done: readonly AutomaticStep[],
  retryDelaysMs: readonly number[] = AUDIT_RETRY_DELAYS_MS,
): Promise<boolean> {
  if (!done.length) return true;
  const entries: AuditRecord[] = done.map((step) => ({
    action: step.action,
    targetType: 'release',
    targetId: `${env}/${step.remote}`,
    before: { revision: before.revision, ...rolloutSummary(before, step.remote) },
    after: { revision: after.revision, ...rolloutSummary(after, step.remote), ...step.figures },
    reason: step.reason,
  }));
  let failure: unknown;
  for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt - 1]));
    try {
      await writeAudit(app.db, systemActor(name), entries);
      if (attempt > 0) app.log.warn({ actor: name, attempts: attempt + 1 }, 'release steps written to the audit trail after retrying');
      return true;
    } catch (error) {
      failure = error;
    }
  }
  app.metrics.countReleaseAuditFailure(name, entries.length);
  app.log.error(
    { err: failure, actor: name, steps: done.map((step) => `${step.action} ${step.remote}`), rows: entries },
    'release steps not written to the audit trail: the steps landed; their rows are in this log line',
  );
  return false;
}
