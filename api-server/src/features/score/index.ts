/**
 * The creation score (docs/product.md §2; README.md here): `/api/creatorScore/getUserScore` answers the shell's
 * user_score plus today's dimensions and level, `/api/creatorScore/history` the last 30 days. Both
 * compute today on demand; the daily job snapshots every creator and rebuilds the rank lists, run by
 * each server once a day (daily-runner.ts) or by cron (`admin score-daily`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { score as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { globalPlugin } from '../../lib/global-plugin';
import { requireAuth } from '../../plugins/app/auth';
import { isVerified } from '../../plugins/app/guards';
import { dayOf } from './calendar';
import { startDailyRunner } from './daily-runner';
import { systemClock } from './clock';
import { levelOf } from './levels';
import { previousScore, scoreHistory, todayScore } from './snapshots';

const routes: FastifyPluginAsync = async (app) => {
  serve(app, contract.userScore, async (request) => {
    const { user } = requireAuth(request);
    const now = app.scoreClock.now();
    const today = dayOf(now);
    const computed = await todayScore(app.db, user.id, today, now);
    const { level } = levelOf({ ...computed, verified: isVerified(user) });
    return ok({
      user_score: computed.score,
      day: today,
      dimensions: computed.dimensions,
      level,
      previous_score: await previousScore(app.db, user.id, today),
    });
  });

  serve(app, contract.scoreHistory, async (request) => {
    const { user } = requireAuth(request);
    const now = app.scoreClock.now();
    return ok({ list: await scoreHistory(app.db, user.id, dayOf(now), now) });
  });
};

// Global, so the rank and rights features (registered after it) read the same clock.
const score: FastifyPluginAsync = globalPlugin(async (app) => {
  app.decorate('scoreClock', systemClock());
  await app.register(routes);
  const interval = app.config.scoreDailyIntervalMs;
  if (interval > 0) {
    let runner: ReturnType<typeof startDailyRunner> | null = null;
    app.addHook('onReady', async () => {
      runner = startDailyRunner(app.db, () => app.scoreClock.now(), interval, app.log, app.dbEngine);
    });
    app.addHook('onClose', async () => {
      await runner?.stop();
    });
  }
});

export default score;
