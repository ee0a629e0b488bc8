/**
 * For the load balancer and the orchestrator, unauthenticated and outside the rate limit (a probe
 * every second from each balancer must never be refused as abuse):
 * - GET /healthz: the process answers (liveness: restart it when this fails).
 * - GET /readyz: this replica can serve: the database answers, its schema is the one this code
 *   expects, the object storage answers, and it is not shutting down (readiness: send it traffic).
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../../db/migrate';
import { isDraining } from '../../lib/drain';

export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

async function problem(name: string, check: () => Promise<string | null>): Promise<string | null> {
  try {
    return await check();
  } catch (error) {
    return `${name}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function registerHealthRoutes(app: FastifyInstance): void {
  // The schema only moves forward while replicas run (migrate, then roll): once current, stays current.
  let schemaCurrent = false;

  app.get('/healthz', { config: { auth: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: { auth: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const problems = (
      await Promise.all([
        problem('database', async () => {
          await sql`select 1`.execute(app.db);
          if (schemaCurrent) return null;
          const pending = await pendingMigrations(app.db);
          schemaCurrent = pending.length === 0;
          return schemaCurrent ? null : `database: schema behind (${pending.join(', ')} not applied)`;
        }),
        problem('storage', async () => {
          // The embedded store answers "absent" for any trouble, so its folder (a shared mount in
          // production) is checked itself; a bucket answers a key nobody writes only when reachable.
          if (!app.config.ossBucket) await fs.access(app.config.dataDir, fs.constants.W_OK);
          await app.storage.head('readyz/probe');
          return null;
        }),
        Promise.resolve(isDraining(app) ? 'shutting down' : null),
      ])
    ).filter((p): p is string => p !== null);
    if (problems.length) {
      reply.code(503);
      return { status: 'unavailable', problems };
    }
    return { status: 'ready' };
  });
}
