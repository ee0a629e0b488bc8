/**
 * The server started as production starts it (built, `node dist/main.js`, APP_ENV=production): it names
 * every missing setting, refuses a database whose schema is behind, and once `migrate` has run it
 * starts with no demo data, answers its probes and stops on SIGTERM.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../scripts/build';
import { tempDir } from './testing/test-app';
import { createScratchDatabase } from './testing/test-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a built entry (dist/*.js) as npm start does, or a TypeScript one (the CLIs) through tsx. */
function run(script: string, env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [...(script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps']), script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('production start', () => {
  before(() => buildServer());

  it('refuses to start without its settings, naming each one', async () => {
    const child = run('dist/main.js', { APP_ENV: 'production' });
    assert.equal(await exitOf(child), 1);
    for (const name of ['DATABASE_URL', 'APP_SECRET', 'UPLOAD_TOKEN_SECRET', 'OSS_BUCKET or DATA_DIR']) assert.match(child.output(), new RegExp(`- ${name}`));
    assert.doesNotMatch(child.output(), /OPERATOR_TOKEN/, 'no shared operator secret');
    assert.doesNotMatch(child.output(), /at .*\.ts:\d+/, 'a plain message, no stack');
  });
});

// Production runs on PostgreSQL only: this part runs in the PostgreSQL pass (TEST_DATABASE_URL).
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
if (serverUrl) {
  describe('production start on PostgreSQL', () => {
    let scratch: { url: string; drop: () => Promise<void> };
    const data = tempDir('creator-production');
    let env: Record<string, string>;
    before(async () => {
      scratch = await createScratchDatabase(serverUrl, 'creator_production');
      env = {
        APP_ENV: 'production',
        DATABASE_URL: scratch.url,
        APP_SECRET: 'production-test-secret',
        UPLOAD_TOKEN_SECRET: 'upload-test-secret',
        DATA_DIR: data.dir,
        PORT: '0',
        LOG_LEVEL: 'warn',
        VIDEO_WORKER_INTERVAL_MS: '0',
        SCORE_DAILY_CHECK_MS: '0',
      };
    });
    after(async () => {
      await scratch.drop();
      data.remove();
    });

    it('refuses a database whose schema is behind, and says to migrate first', async () => {
      const child = run('dist/main.js', env);
      assert.equal(await exitOf(child), 1);
      assert.match(child.output(), /Cannot start: the database schema is behind this release \(\d+ migrations not applied: 0001_core, .*npm run migrate/);
    });

    it('a video worker refuses the same schema behind its code', async () => {
      const child = run('dist/worker-main.js', env);
      assert.equal(await exitOf(child), 1);
      assert.match(child.output(), /Cannot start the video worker: the database schema is behind this release .*npm run migrate/);
    });

    it('after `migrate`, starts with no demo data, answers its probes and stops on SIGTERM', async () => {
      const migrate = run('src/cli/migrate.ts', { DATABASE_URL: scratch.url, APP_ENV: 'production' });
      assert.equal(await exitOf(migrate), 0, migrate.output());
      assert.match(migrate.output(), /Migrated: 0001_core/);

      const server = run('dist/main.js', { ...env, LOG_LEVEL: 'info' });
      try {
        let port = 0;
        for (let i = 0; i < 400 && !port && server.exitCode === null; i++) {
          port = Number(server.output().match(/ready at http:\/\/[^:]+:(\d+)\//)?.[1] ?? 0);
          if (!port) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.ok(port, server.output());
        assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ready' }]);
        assert.doesNotMatch(server.output(), /Demo logins/);
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        const users = await client.query<{ n: number }>('select count(*)::int as n from users');
        const papers = await client.query<{ n: number }>('select count(*)::int as n from newspaper_issues');
        await client.end();
        assert.deepEqual([users.rows[0]?.n, papers.rows[0]?.n], [0, 0], 'no demo account, no demo newspaper');
      } finally {
        server.kill('SIGTERM');
      }
      assert.equal(await exitOf(server), 0);
    });
  });
}
