/**
 * The stats file `deploy status` reads (statsSnapshot): per version its loads and failures, and, from
 * the same run, its error sessions and field vitals (LCP, INP views and poor views).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RolloutManifest } from 'deploy';
import { setUpTestDatabase } from '../../testing/test-app';
import { statsSnapshot } from './load-counts';

const ref = (version: string) => ({ version, entry: 'mf-manifest.json', integrity: {} });

describe('the stats snapshot for deploy status', () => {
  const harness = setUpTestDatabase();

  it("keeps each version's error sessions and field vitals of the run its counts come from", async () => {
    const db = harness.database.db;
    const env = 'snapshot-env';
    // mf-drafts: stable 1.0.0 and canary 1.2.0 in run 9; canary 1.1.0 was rolled back after run 4.
    const manifest: RolloutManifest = {
      revision: 10,
      salt: 's',
      remotes: {
        'mf-drafts': { stable: ref('1.0.0'), previousStable: [], canary: { ...ref('1.2.0'), percent: 10, since: 9 }, pins: {}, qaUsers: [], history: [] },
      },
    };
    const counts = (version: string, run: number, loads: number, failures: number) => ({ env, remote: 'mf-drafts', version, run, loads, failures });
    await db
      .insertInto('remote_load_counts')
      .values([counts('1.0.0', 4, 300, 3), counts('1.0.0', 9, 200, 2), counts('1.1.0', 4, 40, 4), counts('1.2.0', 9, 50, 1)])
      .execute();
    const sessions = (version: string, run: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ env, remote: 'mf-drafts', version, run, page_load: `${version}-${run}-e${i}` }));
    await db
      .insertInto('remote_error_sessions')
      .values([...sessions('1.0.0', 4, 9), ...sessions('1.0.0', 9, 4), ...sessions('1.1.0', 4, 6)])
      .execute();
    const vitals = (version: string, run: number, metric: string, views: number, poor: number) =>
      Array.from({ length: views }, (_, i) => ({
        env,
        remote: 'mf-drafts',
        version,
        run,
        page_load: `${version}-${run}-${metric}-${i}`,
        metric,
        value_ms: i < poor ? 9000 : 1000,
        poor: i < poor,
      }));
    await db
      .insertInto('remote_vitals')
      .values([
        ...vitals('1.0.0', 4, 'LCP', 30, 20),
        ...vitals('1.0.0', 9, 'LCP', 10, 1),
        ...vitals('1.0.0', 9, 'INP', 8, 0),
        ...vitals('1.1.0', 4, 'LCP', 5, 4),
      ])
      .execute();

    assert.deepEqual((await statsSnapshot(db, env, manifest))['mf-drafts'], {
      '1.0.0': { loads: 200, failures: 2, errorSessions: 4, vitals: { LCP: { views: 10, poor: 1 }, INP: { views: 8, poor: 0 } } },
      '1.1.0': { loads: 40, failures: 4, errorSessions: 6, vitals: { LCP: { views: 5, poor: 4 } } },
      '1.2.0': { loads: 50, failures: 1 },
    });
  });
});
