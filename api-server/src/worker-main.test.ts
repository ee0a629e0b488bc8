import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { VideoState } from 'shared-sdk/contract';
import { type DatabaseHandle, openDatabase, pgliteDirFor } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { commitVideo } from './features/video/jobs';
import { embeddedObjectStore } from './plugins/app/storage';
import { seedDemoData } from './seed';
import { makeSourceVideo } from './testing/source-video';
import { tempDir } from './testing/test-app';
import { createScratchDatabase, openMigratedPglite } from './testing/test-database';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The worker as its own process (`npm run worker`), on the configuration a server would have: the
 * embedded storage in DATA_DIR, and the test run's database engine (PostgreSQL shared with this test
 * while the worker runs; the embedded database handed over, as it belongs to one process at a time).
 */
describe('video worker process', () => {
  const data = tempDir('video-worker');
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  let scratch: { url: string; drop: () => Promise<void> } = { url: '', drop: async () => {} };
  let database: DatabaseHandle | null = null;
  const open = async () => (database ??= await openDatabase({ databaseUrl: scratch.url, pgliteDir: pgliteDirFor(data.dir) }));
  const handOver = async () => {
    // PGlite: the worker opens the folder, so this process lets go of it.
    if (scratch.url || !database) return;
    await database.close();
    database = null;
  };
  const workers: ChildProcess[] = [];

  before(async () => {
    if (serverUrl) {
      scratch = await createScratchDatabase(serverUrl, 'creator_test');
      await migrateToLatest((await open()).db);
    } else {
      // The migrated template, loaded into the folder the worker will open.
      database = await openMigratedPglite(pgliteDirFor(data.dir));
    }
    await seedDemoData((await open()).db);
  });
  after(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null && worker.pid) process.kill(-worker.pid, 'SIGKILL');
    await database?.close();
    await scratch.drop();
    data.remove();
  });

  function startWorkerProcess(extraEnv: Record<string, string> = {}): { child: ChildProcess; said: (text: string) => Promise<void> } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: data.dir, DATABASE_URL: scratch.url, VIDEO_WORKER_INTERVAL_MS: '100', ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
      // A process group of its own, so that a test can kill it with its ffmpeg as a supervisor would.
      detached: true,
    });
    workers.push(child);
    let output = '';
    const waiters: Array<() => void> = [];
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      waiters.splice(0).forEach((wake) => wake());
    });
    const said = async (text: string) => {
      for (const deadline = Date.now() + 60_000; !output.includes(text);) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker never said "${text}": ${output}`);
        await new Promise<void>((wake) => (waiters.push(wake), setTimeout(wake, 500)));
      }
    };
    return { child, said };
  }

  it('transcodes a committed video, then stops cleanly on SIGTERM', async () => {
    const db = (await open()).db;
    const storage = embeddedObjectStore({ dataDir: data.dir });
    const user = await db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
    const key = `video/20261120/u${user.id}/${randomBytes(16).toString('hex')}.mkv`;
    await storage.put(key, await makeSourceVideo(), 'video/x-matroska');
    const job = await commitVideo(db, storage, user.id, key);
    await handOver();

    const worker = startWorkerProcess();
    await worker.said('video transcoding done');
    worker.child.kill('SIGTERM');
    const [code] = await once(worker.child, 'exit');
    assert.equal(code, 0, 'a clean exit');

    const row = await (await open()).db.selectFrom('video_jobs').selectAll().where('vid', '=', job.vid).executeTakeFirstOrThrow();
    assert.equal(row.state, VideoState.DONE);
    assert.equal(row.progress, 100);
    const mp4 = await storage.head(row.output_key);
    assert.equal(mp4?.contentType, 'video/mp4');
    assert.ok((await storage.head(row.poster_key))?.size, 'a poster');
  });

  it("leaves a killed worker's files to the next start, which removes them", async () => {
    const db = (await open()).db;
    const storage = embeddedObjectStore({ dataDir: data.dir });
    const user = await db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
    const key = `video/20261120/u${user.id}/${randomBytes(16).toString('hex')}.mkv`;
    // Long enough that ffmpeg is still writing when the worker is killed.
    await storage.put(key, await makeSourceVideo(1200), 'video/x-matroska');
    await commitVideo(db, storage, user.id, key);
    await handOver();
    const tmp = tempDir('video-worker-tmp');
    const jobs = path.join(tmp.dir, 'creator-transcode');
    try {
      const first = startWorkerProcess({ TMPDIR: tmp.dir });
      await first.said('video transcoding started');
      const partial = async () => {
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
          const folder = (existsSync(jobs) ? readdirSync(jobs) : []).find((name) => name.startsWith(`${first.child.pid}-`));
          if (folder && existsSync(path.join(jobs, folder, 'output.mp4'))) return folder;
        }
        throw new Error('ffmpeg never began the MP4');
      };
      const folder = await partial();
      // The machine loses the worker mid-job: the process and its ffmpeg, no chance to clean up.
      process.kill(-first.child.pid!, 'SIGKILL');
      await once(first.child, 'exit');
      assert.deepEqual(readdirSync(jobs), [folder], 'the source copy and the partial MP4 are still there');
      assert.ok(readdirSync(path.join(jobs, folder)).includes('input'));

      const next = startWorkerProcess({ TMPDIR: tmp.dir });
      await next.said('removed the files of transcoding jobs whose worker died');
      await next.said('video worker ready');
      assert.deepEqual(readdirSync(jobs), []);
      next.child.kill('SIGTERM');
      const [code] = await once(next.child, 'exit');
      assert.equal(code, 0);
    } finally {
      tmp.remove();
    }
  });
});
