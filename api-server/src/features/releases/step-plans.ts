/**
 * The server drives the step plans (docs/releases.md): every RELEASE_STEP_CHECK_MS it asks the deploy
 * package what each planned canary and each watch window calls for (advance, promote, roll back,
 * stop watching) on the counts of their current runs, and writes it through the manifest's
 * compare-and-swap: of several replicas checking at once one writes, the others get a ConflictError
 * and let it be. The history names the actor `api-server (step plan)` with the figures, and so does
 * the audit trail (one row per decision that changed something: release.advance, release.promote,
 * release.rollback, release.watch_rollback, release.watch_failed, release.watch_end); the release
 * webhooks hear of promotes, rollbacks and failed analyses that rolled nothing back, with the figures.
 */
import type { FastifyInstance } from 'fastify';
import { ConflictError, type PlanDecision, type RolloutManifest, operations } from 'deploy';
import { currentRunStats } from '../runtime/load-counts';
import { alertFigures, type ReleaseEvent, sendAlert } from './alerts';
import { type AutomaticStep, auditAutomaticSteps } from './release-audit';
import type { ReleaseAccess } from './release-access';

export const STEP_PLAN_ACTOR = 'api-server (step plan)';

/** Each decision that changes something, as the audit trail names it: a new kind fails the typecheck until it has its action. */
const AUDIT_ACTION: Readonly<Record<Exclude<PlanDecision['kind'], 'wait'>, AutomaticStep['action']>> = {
  advance: 'release.advance',
  promote: 'release.promote',
  rollback: 'release.rollback',
  'watch-rollback': 'release.watch_rollback',
  'watch-failed': 'release.watch_failed',
  'watch-end': 'release.watch_end',
};

/**
 * The decisions the release webhooks hear of, each under its own event: a canary the analysis rolled
 * back, a promoted version rolled back in its watch window, a watch window whose analysis failed
 * with no previous stable to go back to (nothing rolled back: people decide), a promote.
 */
const ALERTED: Partial<Record<PlanDecision['kind'], ReleaseEvent>> = {
  promote: 'promote',
  rollback: 'auto-rollback',
  'watch-rollback': 'watch-rollback',
  'watch-failed': 'analysis-failed',
};

/** What an audit row keeps of a decision besides its reason: the version, the shares, the loads, the baseline. */
function figuresOf(decision: PlanDecision): Record<string, unknown> {
  const { kind: _kind, remote: _remote, reason: _reason, ...figures } = decision;
  return figures;
}

/** One check: the decisions written (none when all wait, or when another replica wrote first). */
export async function runStepPlans(app: FastifyInstance, access: ReleaseAccess, now: Date = new Date()): Promise<PlanDecision[]> {
  let result: { decisions: PlanDecision[]; manifest: RolloutManifest; before: RolloutManifest };
  try {
    result = await operations.stepPlans({ store: access.store, env: access.env, who: STEP_PLAN_ACTOR, now: () => now }, access.policy, (manifest) =>
      currentRunStats(app.db, access.env, manifest),
    );
  } catch (error) {
    if (error instanceof ConflictError) return [];
    throw error;
  }
  const done = result.decisions.filter((d): d is Exclude<PlanDecision, { kind: 'wait' }> => d.kind !== 'wait');
  // Each decision that changed something is on the audit trail, the server as its actor.
  await auditAutomaticSteps(
    app,
    STEP_PLAN_ACTOR,
    access.env,
    result.before,
    result.manifest,
    done.map((decision) => ({
      action: AUDIT_ACTION[decision.kind],
      remote: decision.remote,
      reason: decision.reason,
      figures: figuresOf(decision),
    })),
  );
  for (const decision of done) {
    app.log.info({ remote: decision.remote, version: decision.version, step: decision.kind }, `step plan: ${decision.reason}`);
    if (decision.kind === 'rollback' || decision.kind === 'watch-rollback') app.metrics.countCanaryVerdict(decision.remote, 'rollback');
    const event = ALERTED[decision.kind];
    if (!event) continue;
    // Told after the manifest is written (once: the write ends what was judged); a receiver that is down never holds up the next check.
    void sendAlert(
      app.config.releaseWebhooks,
      {
        event,
        env: access.env,
        remote: decision.remote,
        version: decision.version,
        stable: result.manifest.remotes[decision.remote]?.stable?.version ?? null,
        actor: STEP_PLAN_ACTOR,
        reason: decision.reason,
        at: now.toISOString(),
        ...('analysis' in decision ? { figures: alertFigures(decision.analysis) } : {}),
      },
      app.log,
    );
  }
  return done;
}

/** Checks every `intervalMs` (never two checks at once); stop() waits for the one running. */
export function startStepPlans(app: FastifyInstance, access: ReleaseAccess, intervalMs: number): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runStepPlans(app, access)
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'the step-plan check failed; it is tried again at the next check'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
