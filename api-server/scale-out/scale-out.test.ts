/**
 * Production scaled out, proven: two API replicas and one transcoding worker (`npm run worker`) in
 * APP_ENV=production on one PostgreSQL database (created and dropped here) and one Redis, behind
 * nginx rendered from deploy's production site, with the embedded storage and the release store in
 * one folder they all share (as an NFS mount would be). Calls go through nginx; a few go to one
 * replica directly, to show that what the other minted (a session, upload credentials) is accepted.
 * Skipped, saying why, only when no PostgreSQL server answers.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findNginx, freePort, NGINX_SITE_TEMPLATE, renderNginxSite, startNginx, writeMainConfig } from 'deploy/nginx';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { ManuscriptStatus, SaveType, VideoState, type TosToken, type VideoUploadResult, formatChinaTime } from 'shared-sdk/contract';
import { createUser } from '../src/cli/commands';
import { insertOperator, insertPersonalToken } from '../src/features/operators/accounts';
import { type DatabaseHandle, openDatabase } from '../src/db/connect';
import type { Database } from '../src/db/schema';
import { articleFields } from '../src/features/editor/test-kit';
import { addDays, dayOf } from '../src/features/score/calendar';
import { publish } from '../src/features/score/testing';
import { makeSourceVideo } from '../src/testing/source-video';
import { createScratchDatabase } from '../src/testing/test-database';
import { TEST_REDIS_URL } from '../src/testing/test-redis';
import { APP_SECRET, call, data, login, newKey, putObject } from './client';
import { buildServer } from '../scripts/build';
import { type Proc, killAll, ready, startProcess, startServerScript, waitFor } from './cluster';
import { startWorker, workerReady } from './video';
import { type Outcome, writeLoad } from './load';

/** deploy/src/nginx renders every API server with `max_fails=3 fail_timeout=10s`. */
const NGINX_FAIL_TIMEOUT_MS = 10_000;

const SERVER_URL =
  process.env.SCALE_OUT_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const unreachable = await new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3_000 })
  .connect()
  .then(async (client) => (await client.end(), ''))
  .catch((error: Error) => `no PostgreSQL server answers at ${SERVER_URL.replace(/\/\/[^@]*@/, '//')} (${error.message})`);
if (unreachable) console.info(`scale-out test skipped: ${unreachable}`);

const PASSWORD = 'scale-out-pass-1';
const PHONES = ['13912340001', '13912340002'];
const countLogs = (procs: Proc[], msg: string) => procs.flatMap((p) => p.logs()).filter((entry) => entry.msg === msg);

describe('production scaled out: two replicas and a worker behind nginx', { skip: unreachable || false }, () => {
  const shared = mkdtempSync(path.join(tmpdir(), 'creator-scale-out-'));
  const redisPrefix = `scale-out-${randomBytes(4).toString('hex')}:`;
  let scratch: { url: string; drop: () => Promise<void> } | null = null;
  let database: DatabaseHandle | null = null;
  let db: Kysely<Database>;
  let env: Record<string, string>;
  /** When the first replica was killed (the SIGKILL test), for the SIGTERM test's wait on nginx. */
  let killedAt = 0;
  let replicas: Proc[] = [];
  let worker: Proc;
  let nginx: { kill: () => void } | null = null;
  let base = '';
  let token = '';
  /** An admin's personal token: the operator command line in production goes through the API. */
  let operatorApiToken = '';
  let userId = 0;
  const all = () => [...replicas, worker];

  const startReplica = (name: string, port: number) =>
    startServerScript(name, 'dist/main.js', { ...env, PORT: String(port), VIDEO_WORKER_INTERVAL_MS: '0' }, port);

  before(async () => {
    await buildServer();
    const nginxBinary = findNginx();
    assert.ok(nginxBinary, 'nginx is not installed (Debian: nginx-light; CI installs it in .ci/run)');
    scratch = await createScratchDatabase(SERVER_URL, 'creator_scale_out');
    // The deploy step: migrate once before any replica starts; two at once to show it is safe.
    const migrators = [0, 1].map((i) => startServerScript(`migrate-${i}`, 'src/cli/migrate.ts', { APP_ENV: 'production', DATABASE_URL: scratch?.url ?? '' }));
    for (const m of migrators) assert.equal(await m.exit(), 0, m.output());

    database = await openDatabase({ databaseUrl: scratch.url });
    db = database.db;
    for (const phone of PHONES) await createUser(db, { phone, password: PASSWORD, nickname: `扩容${phone.slice(-4)}`, verified: true });
    const operator = await insertOperator(db, { name: 'scale-out-admin', role: 'admin', withTotp: true });
    operatorApiToken = (await insertPersonalToken(db, operator.row.id, 'scale-out cron', 1)).token;
    userId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', PHONES[0] as string)
        .executeTakeFirstOrThrow()
    ).id;
    // Something published yesterday, so the daily build has rank rows to write.
    await publish(db, userId, addDays(dayOf(new Date()), -1));

    const [portA, portB, portN] = [await freePort(), await freePort(), await freePort()];
    env = {
      APP_ENV: 'production',
      DATABASE_URL: scratch.url,
      APP_SECRET,
      UPLOAD_TOKEN_SECRET: 'scale-out-upload-secret',
      DATA_DIR: shared,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '40',
      LOG_LEVEL: 'info',
      SCORE_DAILY_CHECK_MS: '1000',
      SHUTDOWN_GRACE_MS: '15000',
    };
    replicas = [startReplica('replica-a', portA as number), startReplica('replica-b', portB as number)];
    worker = startWorker(env);

    const prefix = path.join(shared, 'nginx');
    mkdirSync(path.join(shared, 'host'), { recursive: true });
    mkdirSync(prefix, { recursive: true });
    const site = renderNginxSite(await fs.readFile(NGINX_SITE_TEMPLATE, 'utf8'), {
      apiServers: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
      releasesRoot: path.join(shared, 'releases'),
      hostRoot: path.join(shared, 'host'),
      listen: `127.0.0.1:${portN}`,
      accessLog: path.join(prefix, 'access.log'),
    });
    writeFileSync(path.join(prefix, 'site.conf'), site);
    const child = await startNginx(nginxBinary, prefix, await writeMainConfig(prefix, path.join(prefix, 'site.conf')), portN as number);
    nginx = { kill: () => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL') };
    base = `http://127.0.0.1:${portN}`;
    await Promise.all([...replicas.map((p) => ready(p)), workerReady(worker)]);
  });

  after(async () => {
    killAll();
    nginx?.kill();
    await database?.close();
    await scratch?.drop();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    rmSync(shared, { recursive: true, force: true });
  });

  it('seeded no demo data: only the accounts the operator created exist', async () => {
    const users = await db.selectFrom('users').select('phone').execute();
    assert.deepEqual(users.map((u) => u.phone).sort(), PHONES);
    assert.doesNotMatch(replicas.map((r) => r.output()).join(''), /Demo logins|demo accounts created/);
  });

  it('logs in through nginx on one replica and works on the other', async () => {
    token = await login(base, PHONES[0] as string, PASSWORD);
    for (const replica of replicas) {
      const direct = `http://127.0.0.1:${replica.port}`;
      assert.deepEqual(await data(direct, { path: '/api/ai/status', token }), { configured: false }, replica.name);
    }
    for (let i = 0; i < 4; i++) assert.deepEqual(await data(base, { path: '/api/ai/status', token }), { configured: false });
  });

  it('uploads with credentials minted by one replica to the other, and reads the file through nginx', async () => {
    const [a, b] = replicas.map((r) => `http://127.0.0.1:${r.port}`) as [string, string];
    const credentials = await data<TosToken>(a, { path: '/api/upload/tos/token', token });
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e1e0a50000000049454e44ae426082',
      'hex',
    );
    const key = newKey(credentials.keyScope, 'image', 'png');
    assert.equal(await putObject(b, credentials, key, png, 'image/png'), 200);
    const read = await fetch(`${base}/oss/${credentials.bucket}/${key}`);
    assert.equal(read.status, 200);
    assert.deepEqual(Buffer.from(await read.arrayBuffer()), png);
  });

  it('counts one rate limit across both replicas', async () => {
    const address = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await call(base, { path: '/api/runtime/config', address })).status);
    assert.deepEqual([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length], [40, 10]);
    // Both replicas answered this address: with a limit per replica, all 50 would have passed.
    for (const replica of replicas) assert.ok(replica.output().includes(address), `${replica.name} served none of the calls`);
  });

  it('moves a scheduled manuscript into review once, whichever process polls first', async () => {
    const fields = articleFields({ title: '扩容测试的定时发布', save_type: SaveType.SCHEDULE, publish_time: formatChinaTime(Date.now() + 20 * 60_000) });
    const added = await data<{ manuscript_id: number }>(base, {
      method: 'POST',
      path: '/api/article/add',
      token,
      params: fields as unknown as Record<string, string | number>,
    });
    // Twenty minutes pass: it becomes due, and all three processes' schedulers see it.
    await sql`update manuscripts set scheduled_at = now() - interval '1 second' where id = ${added.manuscript_id}`.execute(db);
    await waitFor(
      'the scheduled manuscript to move into review',
      async () => {
        const row = await db.selectFrom('manuscripts').select('status').where('id', '=', added.manuscript_id).executeTakeFirst();
        return row?.status === ManuscriptStatus.IN_REVIEW;
      },
      40_000,
      250,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const moved = countLogs(all(), 'scheduled manuscripts moved into review').reduce((sum, entry) => sum + Number(entry.moved), 0);
    assert.equal(moved, 1);
  });

  it('transcodes a committed video once', async () => {
    const credentials = await data<TosToken>(base, { path: '/api/upload/tos/token', token });
    const key = newKey(credentials.keyScope, 'video', 'mkv');
    assert.equal(await putObject(base, credentials, key, await makeSourceVideo(), 'video/x-matroska'), 200);
    const committed = await data<VideoUploadResult>(base, { method: 'POST', path: '/api/upload/vod/commit', params: { key }, token });
    const done = await waitFor(
      'the video to be transcoded',
      async () => {
        const status = await data<VideoUploadResult>(base, { path: '/api/upload/vod/status', params: { vid: committed.Vid }, token });
        return status.state === VideoState.DONE ? status : null;
      },
      90_000,
      500,
    );
    assert.match(done.videoUri, new RegExp(`${committed.Vid}\\.mp4$`));
    const job = await db.selectFrom('video_jobs').select(['attempts', 'state']).where('vid', '=', committed.Vid).executeTakeFirstOrThrow();
    assert.deepEqual(job, { attempts: 1, state: VideoState.DONE });
    const started = (procs: Proc[]) => countLogs(procs, 'video transcoding started').filter((entry) => entry.vid === committed.Vid).length;
    assert.deepEqual([started(all()), started([worker])], [1, 1], 'one transcoding, by the worker process');
    const outputs = readdirSync(shared, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(`${committed.Vid}.mp4`) && !file.includes('.json'));
    assert.equal(outputs.length, 1, outputs.join(', '));
  });

  it('builds the day once although every process checks it, and two operator builds at once both succeed', async () => {
    const today = dayOf(new Date());
    await waitFor(
      'the daily build',
      async () => (await sql<{ n: number }>`select count(*)::int as n from creator_rank where day = ${today}`.execute(db)).rows[0]?.n,
      30_000,
      250,
    );
    assert.equal(countLogs(all(), 'creation scores and rank lists built for the day').length, 1);
    assert.equal(countLogs(all(), 'the daily score job failed; it is tried again at the next check').length, 0);
    // The operator's command twice at once (cron on two machines), through the operator API behind
    // nginx with an admin's personal token: the second build waits for the first.
    const cliEnv = { ...env, OPERATOR_API_URL: base, OPERATOR_API_TOKEN: operatorApiToken };
    const cli = [0, 1].map((i) => startProcess(`score-daily-${i}`, process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'score-daily'], cliEnv));
    for (const c of cli) {
      assert.equal(await c.exit(), 0, c.output());
      assert.match(c.output(), /rank lists rebuilt with [1-9]\d* rows/);
    }
    const audited = await db.selectFrom('operator_audit').select(['operator_name', 'action']).where('action', '=', 'score.daily').execute();
    assert.deepEqual(
      audited.map((row) => row.operator_name),
      ['scale-out-admin', 'scale-out-admin'],
    );
    const days = await sql<{ day: string }>`select distinct day from creator_rank`.execute(db);
    assert.deepEqual(
      days.rows.map((r) => r.day),
      [today],
    );
  });

  it('loses no acknowledged write when a replica is killed (SIGKILL) under load', async () => {
    const load = writeLoad(base, token, 'kill', 8);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const killed = replicas[0] as Proc;
    killedAt = Date.now();
    killed.child.kill('SIGKILL');
    await killed.exit();
    // Gone for good only now: a request sent until then may still have reached it.
    const goneAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const outcomes = await load.stop();
    await assertNoLostWrite(outcomes);
    const failed = outcomes.filter((o) => !o.acknowledged);
    const when = (o: Outcome) => `HTTP ${o.status} sent ${o.startedAt - killedAt} ms after the kill, answered ${o.endedAt - killedAt} ms after`;
    console.info(
      `SIGKILL under load: ${outcomes.length} saves, ${failed.length} failed (the replica was gone ${goneAt - killedAt} ms after the signal)${failed.map((o) => `\n  ${when(o)}`).join('')}`,
    );
    // Only requests in flight on the killed replica may fail: at most one per concurrent writer, each
    // sent before the replica was gone and answered after the kill, and only as nginx's 502.
    assert.ok(failed.length <= 8, `${failed.length} failed`);
    for (const o of failed) assert.ok(o.status === 502 && o.startedAt <= goneAt && o.endedAt >= killedAt, `a request failed outside the kill: ${when(o)}`);
    assert.ok(
      outcomes.filter((o) => o.startedAt > goneAt).every((o) => o.acknowledged),
      'after the kill, the other replica answers everything',
    );
  });

  it('a replica stopped with SIGTERM finishes its requests in flight while a fresh one takes the rest', async () => {
    const replacement = startReplica('replica-a2', replicas[0]?.port as number);
    await ready(replacement);
    // nginx marked the killed replica's address down for its fail_timeout (10 s, deploy/src/nginx):
    // until then it sends nothing to the replacement there, and with the other replica stopping it
    // would have no live upstream. A balancer's passive check, as in production: wait it out.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + NGINX_FAIL_TIMEOUT_MS + 3_000 - Date.now())));
    replicas = [replacement, replicas[1] as Proc];
    const stopping = replicas[1] as Proc;
    const direct = `http://127.0.0.1:${stopping.port}`;
    const credentials = await data<TosToken>(direct, { path: '/api/upload/tos/token', token });
    const load = writeLoad(base, token, 'term', 8);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Three uploads to the replica itself, each taking about two seconds to send: in flight at SIGTERM.
    const keys = [0, 1, 2].map(() => newKey(credentials.keyScope, 'image', 'png'));
    const body = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(200_000)]);
    const uploads = keys.map((key) => putObject(direct, credentials, key, body, 'image/png', { chunks: 10, gapMs: 200 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    stopping.child.kill('SIGTERM');
    assert.deepEqual(await Promise.all(uploads), [200, 200, 200]);
    assert.equal(await stopping.exit(), 0, stopping.output());
    const outcomes = await load.stop();
    await assertNoLostWrite(outcomes);
    const failed = outcomes.filter((o) => !o.acknowledged);
    console.info(`SIGTERM under load: ${outcomes.length} saves, ${failed.length} failed`);
    assert.deepEqual(failed, []);
    for (const key of keys) assert.equal((await fetch(`${base}/oss/${credentials.bucket}/${key}`)).status, 200);
    replacement.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    assert.deepEqual([await replacement.exit(), await worker.exit()], [0, 0]);
  });

  async function assertNoLostWrite(outcomes: Outcome[]): Promise<void> {
    const acknowledged = outcomes.filter((o) => o.acknowledged).map((o) => o.title);
    assert.ok(acknowledged.length > 0);
    const stored = new Set((await db.selectFrom('drafts').select('title').where('title', 'in', acknowledged).execute()).map((d) => d.title));
    assert.deepEqual(
      acknowledged.filter((title) => !stored.has(title)),
      [],
      'acknowledged saves missing from the database',
    );
  }
});
