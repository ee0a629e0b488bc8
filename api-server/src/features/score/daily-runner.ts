/**
 * The daily job inside the server. With the embedded database the operator command cannot open the
 * database while the server runs, so each server looks every `intervalMs` whether today's rank lists
 * (Asia/Shanghai) exist and builds them if not. Where the database is shared, cron with
 * `admin score-daily` works as well; a day already built is not built again, and of N replicas
 * checking at once one builds.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/connect';
import type { Database } from '../../db/schema';
import { dayOf } from './calendar';
import { runScoreDaily } from './daily-job';
import { withDailyBuildLock } from './daily-lock';

const builtDay = async (db: Kysely<Database>): Promise<string | null> =>
  (
    await db
      .selectFrom('creator_rank')
      .select(sql<string | null>`max(day)`.as('day'))
      .executeTakeFirst()
  )?.day ?? null;

/**
 * Builds today's snapshots and rank lists unless they exist; true when it built them. Any number of
 * replicas may call it at once: one builds (daily-lock.ts), the others answer false.
 */
export async function runDailyIfDue(db: Kysely<Database>, now: Date, engine: Engine = 'postgres'): Promise<boolean> {
  const today = dayOf(now);
  const due = (day: string | null) => !day || day < today;
  if (!due(await builtDay(db))) return false;
  const built = await withDailyBuildLock(db, engine, false, async (locked) => {
    // Checked again under the lock: another replica may have built the day in the meantime.
    if (!due(await builtDay(locked))) return false;
    await runScoreDaily(locked, today, now);
    return true;
  });
  return built === true;
}

export function startDailyRunner(
  db: Kysely<Database>,
  now: () => Date,
  intervalMs: number,
  log: FastifyBaseLogger,
  engine: Engine = 'postgres',
): { stop: () => Promise<void> } {
  let builtFor = '';
  let running: Promise<void> | null = null;
  const check = async () => {
    const at = now();
    // Nobody may have published this month (no rank rows): remember the day instead of rebuilding.
    if (builtFor === dayOf(at)) return;
    try {
      if (await runDailyIfDue(db, at, engine)) log.info({ day: dayOf(at) }, 'creation scores and rank lists built for the day');
      builtFor = dayOf(at);
    } catch (error) {
      log.warn({ err: error }, 'the daily score job failed; it is tried again at the next check');
    }
  };
  const tick = () => {
    running ??= check().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
