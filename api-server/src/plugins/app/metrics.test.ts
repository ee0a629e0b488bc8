/**
 * GET /metrics: Prometheus's text format (read back with a parser of that format), requests counted
 * by route pattern, the queue, upload bytes; the token rule; and each request's id on its answer.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { fetchToken, newKey, ossInject, SAMPLE } from '../../features/oss/oss-test-client';
import { claimJob, finishJob } from '../../features/video/jobs';
import { login } from '../../testing/signed';
import { buildTestApp, setUpTestApp, tempDir } from '../../testing/test-app';

interface Sample {
  labels?: Record<string, string>;
  value?: string;
  buckets?: Record<string, string>;
  count?: string;
}
interface Family {
  name: string;
  help: string;
  type: string;
  metrics: Sample[];
}
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

function family(families: Family[], name: string): Family {
  const found = families.find((f) => f.name === name);
  assert.ok(found, `${name} is exported`);
  return found;
}

function valueOf(families: Family[], name: string, labels: Record<string, string>): number {
  const sample = family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? sample?.count ?? 0);
}

describe('GET /metrics', () => {
  const data = tempDir('creator-metrics');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  async function scrape(target = harness.app, headers: Record<string, string> = {}): Promise<Family[]> {
    const answer = await target.inject({ url: '/metrics', headers });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.match(String(answer.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return parse(answer.body);
  }

  it('counts requests by route pattern and status, never by raw URL, with a latency histogram', async () => {
    const before = await scrape();
    const healthBefore = valueOf(before, 'http_requests_total', { route: '/healthz', status: '200' });
    for (let i = 0; i < 3; i++) assert.equal((await harness.app.inject({ url: '/healthz' })).statusCode, 200);
    await harness.app.inject({ url: '/api/no-such-call/12345' });
    await harness.app.inject({ url: '/releases/mf-tools/9.9.9/nothing.js' });

    const after = await scrape();
    assert.equal(valueOf(after, 'http_requests_total', { route: '/healthz', status: '200' }) - healthBefore, 3);
    const routes = family(after, 'http_requests_total').metrics.map((m) => m.labels?.route ?? '');
    assert.ok(routes.includes('/releases/:remote/:version/*'), 'a parameterised route is counted under its pattern');
    assert.ok(!routes.some((r) => r.includes('12345') || r.includes('9.9.9')), `no raw URL becomes a label: ${routes.join(', ')}`);
    const histogram = family(after, 'http_request_duration_seconds');
    assert.equal(histogram.type, 'HISTOGRAM');
    // This parser folds a labelled histogram's series into one set of buckets: enough to show the
    // format is read as a histogram with cumulative buckets up to +Inf.
    const buckets = histogram.metrics[0]?.buckets ?? {};
    assert.ok(Number(buckets['+Inf']) >= 1 && Object.keys(buckets).length === 13, 'twelve bounds and +Inf');
  });

  it("reports the event loop's delay, memory and the transcoding queue with its oldest waiting job", async () => {
    await harness.database.db
      .insertInto('video_jobs')
      .values({ vid: 'a'.repeat(32), user_id: 1, source_key: 'video/20261129/u1/x.mp4', created_at: new Date(Date.now() - 90_000) })
      .execute();
    try {
      const families = await scrape();
      assert.ok(valueOf(families, 'transcode_queue_jobs', { state: 'waiting' }) >= 1);
      assert.ok(valueOf(families, 'transcode_queue_oldest_waiting_seconds', {}) >= 89, 'the oldest waiting job is 90 s old');
      assert.ok(valueOf(families, 'process_resident_memory_bytes', {}) > 10_000_000);
      assert.equal(family(families, 'nodejs_eventloop_delay_seconds').metrics.length, 3);
      if (harness.app.dbEngine === 'postgres') assert.equal(valueOf(families, 'db_pool_connections', { state: 'max' }), 10);
    } finally {
      await harness.database.db.deleteFrom('video_jobs').where('vid', '=', 'a'.repeat(32)).execute();
    }
  });

  it("reports the last hour's finished transcoding jobs, submission to end, as the workers leave them", async () => {
    const db = harness.database.db;
    const now = new Date();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    const vid = (n: number) => String(n).repeat(32);
    // Submitted 30, 60 and 120 s ago, then taken and finished now (one of them failed: it ended too).
    const jobs = [
      { vid: vid(1), seconds: 120 },
      { vid: vid(2), seconds: 60 },
      { vid: vid(3), seconds: 30 },
    ];
    await db
      .insertInto('video_jobs')
      .values(jobs.map((job) => ({ vid: job.vid, user_id: 1, source_key: `video/20261129/u1/${job.vid}.mp4`, created_at: ago(job.seconds) })))
      .execute();
    // Finished two hours ago: outside the hour. Still waiting: not finished.
    await db
      .insertInto('video_jobs')
      .values([
        { vid: vid(4), user_id: 1, source_key: 'video/20261129/u1/old.mp4', created_at: ago(3 * 3600) },
        { vid: vid(5), user_id: 1, source_key: 'video/20261129/u1/open.mp4', created_at: ago(10) },
      ])
      .execute();
    try {
      const old = await claimJob(db, ago(3 * 3600 - 1));
      assert.equal(old?.vid, vid(4));
      await finishJob(db, vid(4), { outputKey: 'video/old.m3u8', posterKey: 'video/old.jpg' }, ago(2 * 3600));
      for (const job of jobs) {
        assert.equal((await claimJob(db, now))?.vid, job.vid, 'the oldest waiting job is taken first');
        await finishJob(
          db,
          job.vid,
          job.seconds === 60 ? { error: 'ffmpeg exited with 1' } : { outputKey: `video/${job.vid}.m3u8`, posterKey: `video/${job.vid}.jpg` },
          now,
        );
      }
      const families = await scrape();
      const stat = (name: string) => valueOf(families, 'transcode_job_seconds_last_hour', { stat: name });
      assert.deepEqual(
        ['count', 'p50', 'p90', 'max'].map((name) => Math.round(stat(name) * 1000) / 1000),
        // The median of 30, 60, 120 s; p90 between 60 and 120 (60 + 0.8 × 60); the slowest.
        [3, 60, 108, 120],
      );
    } finally {
      await db.deleteFrom('video_jobs').where('vid', 'in', [1, 2, 3, 4, 5].map(vid)).execute();
    }
  });

  it('counts the bytes the embedded storage stored from uploads', async () => {
    const token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
    const before = valueOf(await scrape(), 'storage_upload_bytes_total', {});
    const put = await ossInject(harness.app, token, { method: 'PUT', key: newKey(token.keyScope), payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);
    const refused = await ossInject(harness.app, token, { method: 'PUT', key: newKey(token.keyScope), payload: SAMPLE.png, secret: 'forged' });
    assert.equal(refused.statusCode, 403);
    assert.equal(valueOf(await scrape(), 'storage_upload_bytes_total', {}) - before, SAMPLE.png.length, 'a refused upload counts nothing');
  });

  it('asks for METRICS_TOKEN when one is set, and is absent in production without one', async () => {
    const guarded = await buildTestApp(harness.database, { dataDir: data.dir, metricsToken: 'scrape-secret-1' });
    const production = await buildTestApp(harness.database, { dataDir: data.dir, appEnv: 'production' });
    try {
      assert.equal((await guarded.inject({ url: '/metrics' })).statusCode, 401);
      assert.equal((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-2' } })).statusCode, 401);
      await scrape(guarded, { authorization: 'Bearer scrape-secret-1' });
      assert.equal((await production.inject({ url: '/metrics' })).statusCode, 404);
    } finally {
      await guarded.close();
      await production.close();
    }
  });
});

describe('request ids', () => {
  const lines: string[] = [];
  const harness = setUpTestApp({ overrides: { logLevel: 'info' }, deps: { logStream: { write: (line: string) => void lines.push(line) } } });

  it("keeps the proxy's X-Request-Id on the answer and in the log line, and replaces one that is not an id", async () => {
    const given = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const answer = await harness.app.inject({ url: '/releases/mf-tools/1.0.0/none.js', headers: { 'x-request-id': given } });
    assert.equal(answer.headers['x-request-id'], given);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).find((l) => l.reqId === given);
    assert.equal(logged?.msg, 'request completed');

    const hostile = await harness.app.inject({ url: '/healthz', headers: { 'x-request-id': 'x\u001b[31m<script>' } });
    assert.match(String(hostile.headers['x-request-id']), /^[0-9a-f-]{36}$/, 'a fresh id instead');
    const fresh = await harness.app.inject({ url: '/healthz' });
    assert.notEqual(fresh.headers['x-request-id'], hostile.headers['x-request-id']);
  });
});
