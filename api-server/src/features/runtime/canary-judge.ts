/**
 * Judges the running canaries now, on the counts of their current run (load failures, and page loads
 * whose screens then failed), and rolls back each one the analysis finds worse than stable: the
 * history names the figures, the audit trail has a row for it (actor: the server), the metrics
 * count the verdict, the release webhooks are told (once, with the figures: a rollback that lost the
 * manifest's compare-and-swap to another step is neither written nor told).
 * Called when a report that can change a verdict arrives (a failed load, an error of a canary).
 */
import type { FastifyInstance } from 'fastify';
import { ConflictError, type RolloutManifest, analysisOf, operations } from 'deploy';
import { alertFigures, sendAlert } from '../releases/alerts';
import { auditAutomaticSteps } from '../releases/release-audit';
import type { ReleaseAccess } from '../releases/release-access';
import { currentRunStats } from './load-counts';

export const AUTO_ROLLBACK_ACTOR = 'api-server (auto-rollback)';

/** The canaries rolled back (`remote@version`); none when another step landed meanwhile (the next report judges again). */
export async function judgeCanariesNow(app: FastifyInstance, access: ReleaseAccess): Promise<string[]> {
  try {
    const stats = (current: RolloutManifest) => currentRunStats(app.db, access.env, current);
    const { verdicts, before, manifest } = await operations.autoRollback(
      { store: access.store, env: access.env, who: AUTO_ROLLBACK_ACTOR },
      access.policy,
      stats,
    );
    const rolledBack = verdicts.filter((v) => v.rollBack);
    for (const verdict of verdicts) app.metrics.countCanaryVerdict(verdict.remote, verdict.rollBack ? 'rollback' : 'healthy');
    // On the audit trail as the manual rollback is, the server as its actor, with the analysis' figures.
    await auditAutomaticSteps(
      app,
      AUTO_ROLLBACK_ACTOR,
      access.env,
      before,
      manifest,
      rolledBack.map((verdict) => ({
        action: 'release.rollback',
        remote: verdict.remote,
        reason: verdict.reason,
        figures: {
          version: verdict.canary,
          canary_loads: verdict.canaryLoads,
          canary_failure_rate: verdict.canaryRate,
          stable_failure_rate: verdict.stableRate,
          canary_error_rate: verdict.canaryErrorRate,
          stable_error_rate: verdict.stableErrorRate,
          p_value: verdict.pValue,
        },
      })),
    );
    for (const verdict of rolledBack) {
      app.log.warn({ remote: verdict.remote, canary: verdict.canary, pValue: verdict.pValue }, `auto-rollback: ${verdict.reason}`);
      // Told after the manifest is written; never holds up the report that triggered it.
      void sendAlert(
        app.config.releaseWebhooks,
        {
          event: 'auto-rollback',
          env: access.env,
          remote: verdict.remote,
          version: verdict.canary,
          stable: verdict.stable,
          actor: AUTO_ROLLBACK_ACTOR,
          reason: verdict.reason,
          at: new Date().toISOString(),
          figures: alertFigures(analysisOf(verdict)),
        },
        app.log,
      );
    }
    return rolledBack.map((v) => `${v.remote}@${v.canary}`);
  } catch (error) {
    if (error instanceof ConflictError) return [];
    throw error;
  }
}
