/**
 * Publishes scheduled manuscripts when they are due: polls the database (so a restart, or a
 * server that was down at the time, catches up at once on start), on the due-time index.
 * Publishing goes through review: due manuscripts move to 审核中.
 */
import type { FastifyPluginAsync } from 'fastify';
import { editorClock } from './clock';
import { publishDue } from './publish';

/** How often due manuscripts are looked for: a schedule is kept to within this. */
export const SCHEDULER_POLL_MS = 15_000;

const scheduler: FastifyPluginAsync = async (app) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const tick = (): void => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const moved = await publishDue(app.db, editorClock.now());
        if (moved) app.log.info({ moved }, 'scheduled manuscripts moved into review');
      } catch (error) {
        app.log.error({ err: error }, 'scheduled publishing failed; retrying at the next poll');
      }
    });
  };

  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, SCHEDULER_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
  });
};

export default scheduler;
