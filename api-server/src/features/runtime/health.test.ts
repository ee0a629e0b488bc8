/** The balancer's probes: alive, and ready only with a reachable database of the right schema and storage. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildTestApp, setUpTestApp, tempDir } from '../../testing/test-app';

describe('GET /healthz and /readyz', () => {
  const data = tempDir('creator-health');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  it('answers alive and ready, unauthenticated and never cached', async () => {
    const alive = await harness.app.inject({ url: '/healthz' });
    assert.deepEqual([alive.statusCode, alive.json()], [200, { status: 'ok' }]);
    const ready = await harness.app.inject({ url: '/readyz' });
    assert.deepEqual([ready.statusCode, ready.json(), ready.headers['cache-control']], [200, { status: 'ready' }, 'no-store']);
  });

  it('is not ready while the shared storage folder is missing', async () => {
    const fresh = await buildTestApp(harness.database, { dataDir: `${data.dir}/not-mounted` });
    try {
      const answer = await fresh.inject({ url: '/readyz' });
      assert.equal(answer.statusCode, 503);
      assert.match(answer.json<{ problems: string[] }>().problems.join(), /^storage: /);
      assert.equal((await fresh.inject({ url: '/healthz' })).statusCode, 200, 'alive all the same');
    } finally {
      await fresh.close();
    }
  });

  it('is not ready on a database whose schema is behind its code', async () => {
    const fresh = await buildTestApp(harness.database, { dataDir: data.dir });
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(harness.database.db);
    const name = last.rows[0]?.name ?? '';
    await sql`delete from kysely_migration where name = ${name}`.execute(harness.database.db);
    try {
      const answer = await fresh.inject({ url: '/readyz' });
      assert.equal(answer.statusCode, 503);
      assert.deepEqual(answer.json(), { status: 'unavailable', problems: [`database: schema behind (${name} not applied)`] });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(harness.database.db);
      await fresh.close();
    }
  });
});
