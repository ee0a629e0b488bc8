/**
 * Runs a periodic job once across every server on the database (`periodic_runs`, migration 0170):
 * whoever checks first after it is due takes a lease and runs it; the others see the lease (or the
 * next due time) and skip. A holder that dies lets its lease run out and the next check takes over.
 * On the embedded database there is one process, and the same rows do the same.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface PeriodicRun {
  /** Extends the lease (a long run calls it as it goes). */
  renew(): Promise<void>;
}

const HOLDER = `${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Runs `job` if it is due and nobody holds it: true when this process ran it. Once done (or failed)
 * it is next due `everyMs` later.
 */
export async function runOnceAcrossServers(
  db: Kysely<Database>,
  name: string,
  everyMs: number,
  leaseMs: number,
  job: (run: PeriodicRun) => Promise<void>,
): Promise<boolean> {
  await db
    .insertInto('periodic_runs')
    .values({ job: name, next_run_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('job').doNothing())
    .execute();
  const lease = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;
  const taken = await db
    .updateTable('periodic_runs')
    .set({ lease_until: lease(leaseMs), held_by: HOLDER })
    .where('job', '=', name)
    .where('next_run_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .returning('job')
    .executeTakeFirst();
  if (!taken) return false;
  const mine = () => db.updateTable('periodic_runs').where('job', '=', name).where('held_by', '=', HOLDER);
  try {
    await job({
      renew: () =>
        mine()
          .set({ lease_until: lease(leaseMs) })
          .execute()
          .then(() => undefined),
    });
  } finally {
    await mine()
      .set({ lease_until: null, next_run_at: lease(everyMs) })
      .execute();
  }
  return true;
}
