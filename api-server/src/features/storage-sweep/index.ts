/**
 * The orphan sweep, on a timer (api-server/README.md, "Upload limits and the orphan sweep"): every
 * ORPHAN_SWEEP_INTERVAL_MS (checked every ten minutes at most, the first time a minute after start)
 * one server of those sharing the database removes the uploads no record named within
 * ORPHAN_EXPIRY_DAYS (sweep.ts), logging each one it removes and a summary.
 */
import type { FastifyPluginAsync } from 'fastify';
import { runOnceAcrossServers } from './schedule';
import { sweepOrphans } from './sweep';

export const ORPHAN_SWEEP_JOB = 'orphan-sweep';
const FIRST_CHECK_MS = 60_000;
const CHECK_AT_MOST_MS = 10 * 60_000;
/** A holder that stops renewing (it died) is taken over after this. */
const LEASE_MS = 15 * 60_000;

const storageSweep: FastifyPluginAsync = async (app) => {
  const { orphanSweepIntervalMs: every, orphanExpiryMs } = app.config.storageLimits;
  if (!every) return;
  let running: Promise<unknown> | null = null;
  const check = () => {
    if (running) return;
    running = runOnceAcrossServers(app.db, ORPHAN_SWEEP_JOB, every, LEASE_MS, async (run) => {
      const started = performance.now();
      const result = await sweepOrphans({
        db: app.db,
        storage: app.storage,
        expiryMs: orphanExpiryMs,
        afterBatch: run.renew,
        onRemoved: (object) => app.log.info({ key: object.key, size: object.size, lastModified: object.lastModified }, 'orphan upload removed'),
      });
      app.log.info(
        {
          scanned: result.scanned,
          young: result.young,
          referenced: result.referenced,
          removed: result.removed.length,
          removedBytes: result.removed.reduce((sum, object) => sum + object.size, 0),
          ms: Math.round(performance.now() - started),
        },
        'orphan sweep done',
      );
    })
      .catch((error: unknown) => app.log.warn({ err: error }, 'orphan sweep failed'))
      .finally(() => (running = null));
  };
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(check, FIRST_CHECK_MS).unref();
    timer = setInterval(check, Math.min(every, CHECK_AT_MOST_MS)).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
};

export default storageSweep;
