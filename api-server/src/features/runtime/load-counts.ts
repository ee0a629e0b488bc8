/**
 * Load reports counted in the database. A report counts once per user, remote, version, canary run
 * and page load (the key of remote_load_reports; `on conflict do nothing`), and the counter moves in
 * the same transaction with `loads = loads + 1`, so concurrent reports on several servers add up
 * exactly. Counts are kept per canary run: a canary started again is judged from zero.
 */
import type { RemoteRollout, RolloutManifest, RolloutStats } from 'deploy';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface CountedReport {
  env: string;
  remote: string;
  version: string;
  run: number;
  userId: number;
  pageLoad: string;
  ok: boolean;
  phase: string;
}

/**
 * The run a report of this remote counts in now: the running canary's, else the watch window's of a
 * version a step plan promoted (so the window is judged on its own loads), else 0.
 */
export function currentRun(rollout: RemoteRollout | undefined): number {
  if (rollout?.canary) return rollout.canary.since ?? 0;
  return rollout?.watch?.since ?? 0;
}

/** True when the report was new and counted; false for a page load already reported. */
export async function countLoadReport(db: Kysely<Database>, report: CountedReport): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('remote_load_reports')
      .values({
        env: report.env,
        remote: report.remote,
        version: report.version,
        run: report.run,
        user_id: report.userId,
        page_load: report.pageLoad,
        ok: report.ok,
        phase: report.phase,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) return false;
    const failed = report.ok ? 0 : 1;
    await tx
      .insertInto('remote_load_counts')
      .values({ env: report.env, remote: report.remote, version: report.version, run: report.run, loads: 1, failures: failed })
      .onConflict((oc) =>
        oc.columns(['env', 'remote', 'version', 'run']).doUpdateSet((eb) => ({
          loads: eb('remote_load_counts.loads', '+', 1),
          failures: eb('remote_load_counts.failures', '+', failed),
        })),
      )
      .execute();
    return true;
  });
}

/** Every version's load counts, error sessions and field vitals (LCP, INP views and poor views), by run. */
function countsByRun(db: Kysely<Database>, env: string) {
  return Promise.all([
    db.selectFrom('remote_load_counts').selectAll().where('env', '=', env).orderBy('run').execute(),
    db
      .selectFrom('remote_error_sessions')
      .select(['remote', 'version', 'run', (eb) => eb.fn.countAll<string>().as('sessions')])
      .where('env', '=', env)
      .groupBy(['remote', 'version', 'run'])
      .execute(),
    db
      .selectFrom('remote_vitals')
      .select([
        'remote',
        'version',
        'run',
        'metric',
        (eb) => eb.fn.countAll<string>().as('views'),
        (eb) => eb.fn.countAll<string>().filterWhere('poor', '=', true).as('poor'),
      ])
      .where('env', '=', env)
      .groupBy(['remote', 'version', 'run', 'metric'])
      .execute(),
  ]);
}

/** Each remote's counts in its current run: what the automatic rollback judges on (loads, failures, error sessions, field vitals). */
export async function currentRunStats(db: Kysely<Database>, env: string, manifest: RolloutManifest): Promise<RolloutStats> {
  const [rows, errorRows, vitalRows] = await countsByRun(db, env);
  const stats: RolloutStats = {};
  for (const row of rows) {
    if (row.run !== currentRun(manifest.remotes[row.remote])) continue;
    (stats[row.remote] ??= {})[row.version] = { loads: row.loads, failures: row.failures };
  }
  // Page loads whose screens failed after loading (error reports), beside the loads of the same run.
  for (const row of errorRows) {
    const counts = stats[row.remote]?.[row.version];
    if (counts && row.run === currentRun(manifest.remotes[row.remote])) counts.errorSessions = Number(row.sessions);
  }
  // Page views measured in users' browsers (LCP, INP), and how many of them were poor.
  for (const row of vitalRows) {
    const counts = stats[row.remote]?.[row.version];
    if (!counts || row.run !== currentRun(manifest.remotes[row.remote])) continue;
    if (row.metric !== 'LCP' && row.metric !== 'INP') continue;
    (counts.vitals ??= {})[row.metric] = { views: Number(row.views), poor: Number(row.poor) };
  }
  return stats;
}

/**
 * What the store's stats file shows (`deploy status`): per version, its counts in the remote's
 * current run, or, for a version not in it (a canary rolled back), its latest run; with the error
 * sessions and field vitals (LCP, INP views and poor views) of that same run.
 */
export async function statsSnapshot(db: Kysely<Database>, env: string, manifest: RolloutManifest): Promise<RolloutStats> {
  const [rows, errorRows, vitalRows] = await countsByRun(db, env);
  const stats: RolloutStats = {};
  /** remote@version → the run its counts come from. */
  const runOf = new Map<string, number>();
  const fromCurrentRun = new Set<string>();
  for (const row of rows) {
    const key = `${row.remote}@${row.version}`;
    const current = row.run === currentRun(manifest.remotes[row.remote]);
    if (fromCurrentRun.has(key)) continue;
    if (current) fromCurrentRun.add(key);
    runOf.set(key, row.run);
    (stats[row.remote] ??= {})[row.version] = { loads: row.loads, failures: row.failures };
  }
  for (const row of errorRows) {
    const counts = stats[row.remote]?.[row.version];
    if (counts && runOf.get(`${row.remote}@${row.version}`) === row.run) counts.errorSessions = Number(row.sessions);
  }
  for (const row of vitalRows) {
    const counts = stats[row.remote]?.[row.version];
    if (!counts || runOf.get(`${row.remote}@${row.version}`) !== row.run) continue;
    if (row.metric !== 'LCP' && row.metric !== 'INP') continue;
    (counts.vitals ??= {})[row.metric] = { views: Number(row.views), poor: Number(row.poor) };
  }
  return stats;
}
