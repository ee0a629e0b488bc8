/**
 * GET /metrics in Prometheus's text format, one set per replica (Prometheus scrapes each replica's
 * own port; nginx does not forward /metrics). With METRICS_TOKEN set, the scrape must carry
 * `Authorization: Bearer <token>`; without it /metrics is open in development and absent (404) in
 * production, so nothing internal is ever served by accident.
 *
 * What it counts:
 * - every answered request by method, route pattern (never the raw URL: ids would make a series per
 *   user) and status, with a latency histogram;
 * - the event loop's delay since the previous scrape (p50, p99, max), the process's memory;
 * - the PostgreSQL pool (connections open, idle, queries waiting);
 * - the transcoding queue (waiting, running, the oldest waiting job's age) and how long the jobs
 *   finished in the last hour took, read from the database at scrape time, since the transcoding
 *   workers are processes of their own;
 * - upload bytes the embedded storage accepted (its own thread's included) and canary verdicts.
 *
 * Each app has its own registry (tests build many apps in one process).
 */
import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { storedUploadBytes } from '../../features/oss/stored-bytes';
import { globalPlugin } from '../../lib/global-plugin';

export interface AppMetrics {
  /** Bytes of upload parts and objects the embedded storage stored. */
  countUploadBytes(bytes: number): void;
  /** One canary judged by the automatic analysis: rolled back or left running. */
  countCanaryVerdict(remote: string, verdict: 'rollback' | 'healthy'): void;
  /** Audit rows of the server's own release steps that could not be written, even after retrying. */
  countReleaseAuditFailure(actor: string, rows: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const METRICS_PATH = '/metrics';
/** Seconds: from a cheap call (a few ms) to a slow upload part. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const UNMATCHED_ROUTE = 'unmatched';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default globalPlugin(async (app) => {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'storage_upload_bytes_total',
    help: 'Bytes the embedded object storage stored from uploads.',
    registers: [registry],
  });
  const verdicts = new Counter({
    name: 'canary_verdicts_total',
    help: 'Canaries judged by the automatic analysis, by remote and verdict (rollback or healthy).',
    labelNames: ['remote', 'verdict'] as const,
    registers: [registry],
  });
  const auditFailures = new Counter({
    name: 'release_audit_rows_lost_total',
    help: "Audit rows of the server's own release steps (automatic rollback, step plans) not written after retrying, by actor; the step itself landed (docs/releases.md).",
    labelNames: ['actor'] as const,
    registers: [registry],
  });

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());
  new Gauge({
    name: 'nodejs_eventloop_delay_seconds',
    help: "The event loop's delay since the previous scrape, by quantile (0.5, 0.99, 1 = the longest).",
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      // No sample yet (a scrape right after start): the histogram reports its maximum possible value.
      const sampled = loopDelay.count > 0;
      for (const [quantile, value] of [
        ['0.5', loopDelay.percentile(50)],
        ['0.99', loopDelay.percentile(99)],
        ['1', loopDelay.max],
      ] as const) {
        this.set({ quantile }, sampled ? value / 1e9 : 0);
      }
      loopDelay.reset();
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: "The process's resident memory.",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: "V8's heap in use.",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: "PostgreSQL's connection pool: open, idle, waiting (queries waiting for a connection) and max. Absent on the embedded database.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.dbPoolStats?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  const queue = new Gauge({
    name: 'transcode_queue_jobs',
    help: 'Transcoding jobs by state: waiting (not yet leased) and running (leased).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'transcode_queue_oldest_waiting_seconds',
    help: 'Age of the oldest transcoding job not finished (0 when none).',
    registers: [registry],
  });
  const finished = new Gauge({
    name: 'transcode_job_seconds_last_hour',
    help: 'Transcoding jobs finished in the last hour, from submission to the end: count, and the time of the median, p90 and slowest job.',
    labelNames: ['stat'] as const,
    registers: [registry],
  });

  /** The queue's figures, from the database (the workers are other processes). */
  async function readQueue(): Promise<void> {
    const result = await sql<{
      waiting: string;
      running: string;
      oldest: string | null;
      done: string;
      p50: string | null;
      p90: string | null;
      slowest: string | null;
    }>`
      with open as (select lease_until, created_at from video_jobs where state = 0),
           done as (select extract(epoch from (updated_at - created_at)) as seconds from video_jobs
                    where state <> 0 and updated_at > now() - interval '1 hour')
      select (select count(*) from open where lease_until is null or lease_until < now()) as waiting,
             (select count(*) from open where lease_until >= now()) as running,
             (select extract(epoch from (now() - min(created_at))) from open) as oldest,
             (select count(*) from done) as done,
             (select percentile_cont(0.5) within group (order by seconds) from done) as p50,
             (select percentile_cont(0.9) within group (order by seconds) from done) as p90,
             (select max(seconds) from done) as slowest`.execute(app.db);
    const row = result.rows[0];
    if (!row) return;
    queue.set({ state: 'waiting' }, Number(row.waiting));
    queue.set({ state: 'running' }, Number(row.running));
    oldest.set(Math.max(0, Number(row.oldest ?? 0)));
    finished.set({ stat: 'count' }, Number(row.done));
    finished.set({ stat: 'p50' }, Number(row.p50 ?? 0));
    finished.set({ stat: 'p90' }, Number(row.p90 ?? 0));
    finished.set({ stat: 'max' }, Number(row.slowest ?? 0));
  }

  app.decorate<AppMetrics>('metrics', {
    countUploadBytes: (bytes) => {
      if (bytes > 0) uploadBytes.inc(bytes);
    },
    countCanaryVerdict: (remote, verdict) => verdicts.inc({ remote, verdict }),
    countReleaseAuditFailure: (actor, rows) => auditFailures.inc({ actor }, rows),
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    latency.observe({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
    const stored = storedUploadBytes(request, reply);
    if (stored) uploadBytes.inc(stored);
  });

  const production = app.config.appEnv === 'production';
  const token = app.config.metricsToken;
  app.get(METRICS_PATH, { config: { auth: 'public' }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token && production) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if (token) {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!bearer || !sameToken(bearer[1]!, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized');
      }
    }
    try {
      await readQueue();
    } catch (error) {
      // The database being down must not hide the other figures; the gauges keep their last values.
      request.log.warn({ err: error }, 'metrics: the transcoding queue could not be read');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
