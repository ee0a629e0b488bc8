/**
 * Step plans driven by the server: a canary started through the release API with a plan walks its
 * steps to 100 % and is promoted, an unhealthy one is rolled back at its step, and a promoted version
 * that turns bad within its watch window goes back to the previous stable. Counts go into the
 * database tables the load and error reports fill; the clock is the step check's `now`.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, operations } from 'deploy';
import { ApiCode, type ApiEnvelope } from 'shared-sdk/contract';
import { publishTestRelease } from '../../testing/releases';
import { addTestOperator, signInOperator } from '../../testing/operators';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { releaseAccess } from './release-access';
import { STEP_PLAN_ACTOR, runStepPlans } from './step-plans';

const R = 'mf-tools';
const ENV = 'production';

describe('step plans driven by the server', () => {
  let admin = '';
  let hook: http.Server;
  const alerts: Array<Record<string, unknown>> = [];
  const web = tempDir('step-plan-web');
  const releases = tempDir('step-plan-store');
  const store = new ReleaseStore(new FolderBlobStore(releases.dir));
  /** The fake clock's zero: when the first plan started (the API stamps its step with the real time). */
  let T0 = 0;
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  const manifest = () => store.readManifest(ENV);
  const check = async (minutes: number) => (await runStepPlans(harness.app, releaseAccess(harness.app), at(minutes))).map((d) => `${d.kind} ${d.version}`);

  /** Sets a version's counts in a run as the load and error reports would have left them. */
  async function counts(version: string, run: number, loads: number, failures: number, errorSessions = 0): Promise<void> {
    await harness.database.db.deleteFrom('remote_load_counts').where('remote', '=', R).where('version', '=', version).where('run', '=', run).execute();
    await harness.database.db.insertInto('remote_load_counts').values({ env: ENV, remote: R, version, run, loads, failures }).execute();
    await harness.database.db.deleteFrom('remote_error_sessions').where('remote', '=', R).where('version', '=', version).where('run', '=', run).execute();
    for (let i = 0; i < errorSessions; i++) {
      await harness.database.db
        .insertInto('remote_error_sessions')
        .values({ env: ENV, remote: R, version, run, page_load: `${version}-${run}-${i}` })
        .execute();
    }
  }

  async function canaryWithPlan(version: string, plan: Record<string, unknown>) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/operator/releases/canary',
      headers: { authorization: `Bearer ${admin}` },
      payload: { remote: R, version, ...plan, reason: 'release train' },
    });
    return response.json() as ApiEnvelope<{
      canary: { version: string; percent: number; plan?: { steps: number[]; step: number; pause_minutes: number; step_started_at: string } } | null;
    }>;
  }

  /** The audit rows the step plans wrote, oldest first. */
  const planRows = () => harness.database.db.selectFrom('operator_audit').selectAll().where('operator_name', '=', STEP_PLAN_ACTOR).orderBy('id').execute();

  const waitForAlerts = async (n: number) => {
    for (let i = 0; i < 100 && alerts.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  const port = 20000 + Math.floor(Math.random() * 10000);
  before(async () => {
    hook = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        alerts.push(JSON.parse(text) as Record<string, unknown>);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(port, '127.0.0.1', resolve));
  });
  const harness = setUpTestApp({
    overrides: {
      webRoot: web.dir,
      releasesDir: releases.dir,
      releaseEnv: ENV,
      rollbackMinLoads: 20,
      rollbackMarginPct: 5,
      releaseWebhooks: [{ format: 'json', url: `http://127.0.0.1:${port}/hook` }],
    },
  });
  before(async () => {
    admin = await signInOperator(harness.app, harness.database.db, await addTestOperator(harness.database.db, 'admin'));
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await publishTestRelease(store, R, version);
    await operations.promote({ store, env: ENV, who: 'test' }, R, '1.0.0');
  });
  after(async () => {
    await new Promise<void>((resolve) => hook.close(() => resolve()));
    web.remove();
    releases.remove();
  });

  it('refuses a plan that does not end at 100 or is not ascending, and a canary call with neither share nor plan', async () => {
    assert.equal((await canaryWithPlan('1.1.0', { steps: [5, 50] })).code, 1009);
    assert.equal((await canaryWithPlan('1.1.0', { steps: [50, 25, 100] })).code, 1009);
    assert.equal((await canaryWithPlan('1.1.0', {})).code, ApiCode.INVALID_PARAMS);
    assert.equal((await manifest()).remotes[R]?.canary, undefined);
  });

  it('walks a healthy canary through its steps to 100 %, promotes it and tells the webhooks', async () => {
    const started = await canaryWithPlan('1.1.0', { steps: [5, 25, 50, 100], pause_minutes: 10, watch_minutes: 30 });
    assert.equal(started.code, 0, started.msg);
    assert.equal(started.data.canary?.percent, 5);
    assert.deepEqual((({ step_started_at: _at, ...plan }) => plan)(started.data.canary!.plan!), {
      steps: [5, 25, 50, 100],
      step: 0,
      pause_minutes: 10,
    });
    const run = (await manifest()).remotes[R]!.canary!.since!;
    T0 = Date.parse((await manifest()).remotes[R]!.canary!.plan!.stepStartedAt);

    await counts('1.1.0', run, 30, 0);
    await counts('1.0.0', run, 600, 6, 6);
    assert.deepEqual(await check(5), [], 'the pause is not over');
    // Two replicas checking at once: one step, not two.
    const both = await Promise.all([check(10), check(10)]);
    assert.deepEqual(both.flat(), ['advance 1.1.0']);
    assert.equal((await manifest()).remotes[R]?.canary?.percent, 25);

    await counts('1.1.0', run, 45, 0);
    assert.deepEqual(await check(25), [], 'only 15 loads on this step');
    await counts('1.1.0', run, 70, 1, 1);
    assert.deepEqual(await check(25), ['advance 1.1.0']);
    await counts('1.1.0', run, 120, 1, 1);
    await counts('1.0.0', run, 800, 8, 8);
    assert.deepEqual(await check(35), ['advance 1.1.0']);
    assert.equal((await manifest()).remotes[R]?.canary?.percent, 100);
    await counts('1.1.0', run, 200, 2, 2);
    assert.deepEqual(await check(45), ['promote 1.1.0']);

    const rollout = (await manifest()).remotes[R]!;
    assert.equal(rollout.stable?.version, '1.1.0');
    assert.equal(rollout.canary, undefined);
    assert.equal(rollout.watch?.until, at(75).toISOString());
    assert.deepEqual(rollout.watch?.baseline, { version: '1.0.0', loads: 800, failures: 8, errorSessions: 8 });
    const steps = rollout.history.filter((h) => h.who === STEP_PLAN_ACTOR);
    assert.deepEqual(
      steps.map((h) => `${h.action} ${h.from} → ${h.to}`),
      ['canary 1.1.0@5% → 1.1.0@25%', 'canary 1.1.0@25% → 1.1.0@50%', 'canary 1.1.0@50% → 1.1.0@100%', 'promote 1.0.0 → 1.1.0'],
    );
    assert.match(
      steps[0]!.reason!,
      /^step plan 5 → 25 %: 5 % held 10 min with 30 canary loads; canary failure rate 0\.0 % over 30 loads vs stable 1\.0 % over 600/,
    );
    assert.match(steps[3]!.reason!, /^step plan complete: 100 % held 10 min with 80 canary loads/);
    const listed = await harness.app.inject({ method: 'GET', url: '/api/operator/releases', headers: { authorization: `Bearer ${admin}` } });
    const tools = (listed.json() as ApiEnvelope<{ remotes: Array<{ remote: string; watch?: { version: string; until: string } }> }>).data.remotes.find(
      (r) => r.remote === R,
    );
    assert.deepEqual(tools?.watch, { version: '1.1.0', until: at(75).toISOString() });
    await waitForAlerts(1);
    assert.deepEqual(
      alerts.map((a) => [a.event, a.version, a.stable, a.actor]),
      [['promote', '1.1.0', '1.1.0', STEP_PLAN_ACTOR]],
    );
    // On the audit trail: one row per step taken (the replica that lost the race wrote none), the server as the actor.
    const rows = await planRows();
    assert.deepEqual(
      rows.map((row) => `${row.operator_id} ${row.role} ${row.action} ${row.target_type} ${row.target_id}`),
      [
        'null system release.advance release production/mf-tools',
        'null system release.advance release production/mf-tools',
        'null system release.advance release production/mf-tools',
        'null system release.promote release production/mf-tools',
      ],
    );
    const promoted = rows.filter((row) => row.action === 'release.promote');
    assert.equal(promoted.length, 1);
    assert.equal(promoted[0]!.reason, steps[3]!.reason);
    assert.match(promoted[0]!.reason, /^step plan complete: 100 % held 10 min with 80 canary loads/);
    assert.deepEqual((promoted[0]!.before as { stable: string; canary: { version: string; percent: number } }).stable, '1.0.0');
    assert.deepEqual((promoted[0]!.before as { canary: { version: string; percent: number } }).canary.percent, 100);
    const promotedAfter = promoted[0]!.after as { stable: string; canary: null; loads: number; baseline: { version: string; loads: number } };
    assert.deepEqual([promotedAfter.stable, promotedAfter.canary, promotedAfter.loads, promotedAfter.baseline.version], ['1.1.0', null, 200, '1.0.0']);
    assert.deepEqual(
      rows.slice(0, 3).map((row) => {
        const after = row.after as { from: number; to: number; canary: { percent: number } };
        return `${after.from} → ${after.to} (${after.canary.percent})`;
      }),
      ['5 → 25 (25)', '25 → 50 (50)', '50 → 100 (100)'],
    );
    // The console's 操作记录 lists it, and its CSV carries it.
    const listedAudit = await harness.app.inject({
      method: 'GET',
      url: '/api/operator/audit?action=release.promote',
      headers: { authorization: `Bearer ${admin}` },
    });
    const entries = (listedAudit.json() as ApiEnvelope<{ list: Array<{ operator: string; role: string; operator_id: number | null }> }>).data.list;
    assert.deepEqual(
      entries.filter((entry) => entry.role === 'system').map((entry) => [entry.operator, entry.operator_id]),
      [[STEP_PLAN_ACTOR, null]],
    );
    const csv = await harness.app.inject({ method: 'GET', url: '/api/operator/audit/export?action=release', headers: { authorization: `Bearer ${admin}` } });
    assert.equal(csv.statusCode, 200);
    assert.match(csv.body, /,api-server \(step plan\),system,release\.promote,release,production\/mf-tools,"step plan complete/);
  });

  it('rolls the promoted version back to the previous stable when it turns bad within its watch window', async () => {
    const watch = (await manifest()).remotes[R]!.watch!;
    await counts('1.1.0', watch.since, 10, 5);
    assert.deepEqual(await check(50), [], 'too few loads in the window to judge');
    await counts('1.1.0', watch.since, 60, 1, 12);
    assert.deepEqual(await check(55), ['watch-rollback 1.1.0']);
    const rollout = (await manifest()).remotes[R]!;
    assert.equal(rollout.stable?.version, '1.0.0');
    assert.equal(rollout.watch, undefined);
    const last = rollout.history.at(-1)!;
    assert.deepEqual([last.who, last.action, last.from, last.to], [STEP_PLAN_ACTOR, 'auto-rollback', '1.1.0', '1.0.0']);
    assert.match(last.reason!, /^watch window: error-session rate after promote 20\.0 % over 60 loads vs 1\.0\.0 1\.0 % over 800/);
    await waitForAlerts(2);
    // Told once, as what it is (a promoted version rolled back, not a canary), with the analysis' figures.
    assert.deepEqual(
      alerts.slice(1).map((a) => [a.event, a.title, a.version, a.stable]),
      [['watch-rollback', '全量后观察期分析未通过，已自动回滚', '1.1.0', '1.0.0']],
    );
    const figures = alerts[1]!.figures as Record<string, number | string>;
    assert.deepEqual(
      [
        figures.version,
        figures.baseline,
        figures.loads,
        figures.baseline_loads,
        figures.error_rate,
        figures.baseline_error_rate,
        figures.baseline_failure_rate,
      ],
      ['1.1.0', '1.0.0', 60, 800, 0.2, 0.01, 0.01],
    );
    assert.ok(Number(figures.p_value) < 0.05 && Number(figures.p_value) >= 0, String(figures.p_value));
    assert.match(String(alerts[1]!.text), /分析：1\.1\.0 加载 60 次，失败率 1\.7%，错误率 20\.0%；对照 1\.0\.0 加载 800 次/);
    assert.deepEqual(await check(56), []);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(alerts.length, 2);
    const rows = (await planRows()).filter((row) => row.action === 'release.watch_rollback');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.reason, last.reason);
    assert.deepEqual([(rows[0]!.before as { stable: string }).stable, (rows[0]!.after as { stable: string }).stable], ['1.1.0', '1.0.0']);
  });

  it('rolls an unhealthy canary back at its step instead of advancing it', async () => {
    assert.equal((await canaryWithPlan('1.2.0', { steps: [10, 100], pause_minutes: 0 })).code, 0);
    const run = (await manifest()).remotes[R]!.canary!.since!;
    await counts('1.0.0', run, 500, 5, 5);
    await counts('1.2.0', run, 40, 1, 1);
    assert.deepEqual(await check(60), ['advance 1.2.0']);
    await counts('1.2.0', run, 90, 2, 15);
    assert.deepEqual(await check(61), ['rollback 1.2.0']);
    const rollout = (await manifest()).remotes[R]!;
    assert.equal(rollout.canary, undefined);
    assert.equal(rollout.stable?.version, '1.0.0');
    assert.match(rollout.history.at(-1)!.reason!, /^step plan at 100 %: canary error-session rate 16\.7 % over 90 loads/);
    await waitForAlerts(3);
    assert.deepEqual(
      alerts.slice(2).map((a) => [a.event, a.version, a.figures]),
      [
        [
          'auto-rollback',
          '1.2.0',
          {
            version: '1.2.0',
            baseline: '1.0.0',
            loads: 90,
            baseline_loads: 500,
            failure_rate: 2 / 90,
            baseline_failure_rate: 0.01,
            error_rate: 15 / 90,
            baseline_error_rate: 0.01,
            p_value: (alerts[2]!.figures as { p_value: number }).p_value,
          },
        ],
      ],
    );
    assert.ok((alerts[2]!.figures as { p_value: number }).p_value < 0.05);
    const rows = (await planRows()).filter((row) => row.action === 'release.rollback');
    assert.equal(rows.length, 1);
    assert.match(rows[0]!.reason, /^step plan at 100 %: canary error-session rate 16\.7 % over 90 loads/);
    assert.deepEqual([(rows[0]!.before as { canary: { version: string } }).canary.version, (rows[0]!.after as { canary: null }).canary], ['1.2.0', null]);
  });

  it("tells the webhooks once when a first release's watch window fails its analysis with nothing to roll back to", async () => {
    const E = 'mf-editor';
    const setLoads = async (run: number, loads: number, failures: number) => {
      await harness.database.db.deleteFrom('remote_load_counts').where('remote', '=', E).where('run', '=', run).execute();
      await harness.database.db.insertInto('remote_load_counts').values({ env: ENV, remote: E, version: '1.0.0', run, loads, failures }).execute();
    };
    await publishTestRelease(store, E, '1.0.0');
    await operations.canary({ store, env: ENV, who: 'test' }, E, '1.0.0', 0, { steps: [100], pauseMinutes: 0, watchMinutes: 30 });
    await setLoads((await manifest()).remotes[E]!.canary!.since!, 30, 0);
    const alertsBefore = alerts.length;
    assert.deepEqual(await check(70), ['promote 1.0.0']);
    const watch = (await manifest()).remotes[E]!.watch!;
    assert.equal(watch.baseline.version, null);
    await setLoads(watch.since, 40, 10);
    assert.deepEqual(await check(72), ['watch-failed 1.0.0']);
    // Nothing to go back to: the version stays stable, the window ends, people are told.
    const rollout = (await manifest()).remotes[E]!;
    assert.deepEqual([rollout.stable?.version, rollout.watch, rollout.canary], ['1.0.0', undefined, undefined]);
    await waitForAlerts(alertsBefore + 2);
    const failed = alerts.slice(alertsBefore + 1);
    assert.deepEqual(
      failed.map((a) => [a.event, a.title, a.remote, a.version, a.stable, a.actor]),
      [['analysis-failed', '分析未通过，无可回滚的版本，未回滚', E, '1.0.0', '1.0.0', STEP_PLAN_ACTOR]],
    );
    assert.match(String(failed[0]!.reason), /^watch window, no previous stable to roll back to: failure rate after promote 25\.0 % over 40 loads/);
    assert.deepEqual(failed[0]!.figures, {
      version: '1.0.0',
      baseline: null,
      loads: 40,
      baseline_loads: 0,
      failure_rate: 0.25,
      baseline_failure_rate: 0,
      error_rate: 0,
      baseline_error_rate: 0,
      p_value: 0,
    });
    const rows = (await planRows()).filter((row) => row.action === 'release.watch_failed');
    assert.deepEqual(
      rows.map((row) => [row.target_id, row.reason, (row.before as { watch?: unknown }).watch !== undefined, (row.after as { watch?: unknown }).watch]),
      [[`${ENV}/${E}`, failed[0]!.reason, true, undefined]],
    );
    // Once: the next checks find nothing to judge and say nothing more.
    assert.deepEqual(await check(80), []);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(alerts.length, alertsBefore + 2);
  });
});
