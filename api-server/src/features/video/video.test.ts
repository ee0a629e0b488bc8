import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ApiCode, VIDEO_MESSAGES, VideoState, type VideoUploadResult } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { makeSourceVideo } from '../../testing/source-video';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { claimJob, commitVideo, LEASE_MS, MAX_SOURCE_BYTES } from './jobs';
import { ffmpegPath } from './ffmpeg';
import { transcode } from './transcode';
import { outputKeysOf, processNextJob, removeLeftovers, startWorker } from './worker';
import type { ObjectStore } from '../../storage/object-store';
import { type TestToken, ossInject } from '../oss/oss-test-client';

const OWNER = '13800000001';
const OTHER = '13800000006';

describe('embedded video service', () => {
  let source: Buffer;
  const data = tempDir('video');
  const tokens: Record<string, string> = {};
  const uids: Record<string, number> = {};
  const clock = { now: new Date('2026-11-20T10:00:00+08:00') };
  // The jobs' folders, where the leftover tests look.
  const work = tempDir('video-work');
  const deps = () => ({ db: harness.app.db, storage: harness.app.storage, now: () => clock.now, workDir: work.dir });

  const keyFor = (phone: string, ext = 'mkv') => `video/20261120/u${uids[phone]}/${randomBytes(16).toString('hex')}.${ext}`;
  const commit = async (key: string, phone = OWNER) =>
    body<VideoUploadResult>(await signed(harness.app, { method: 'POST', url: '/api/upload/vod/commit', token: tokens[phone], params: { key } }));
  const status = async (vid: string, phone = OWNER) =>
    body<VideoUploadResult>(await signed(harness.app, { url: '/api/upload/vod/status', token: tokens[phone], params: { vid } }));
  const upload = async (phone: string, bytes: Buffer, ext = 'mkv') => {
    const key = keyFor(phone, ext);
    await harness.app.storage.put(key, bytes, 'video/x-matroska');
    return key;
  };

  before(async () => {
    source = await makeSourceVideo();
  });
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove, work.remove] });
  before(async () => {
    for (const phone of [OWNER, OTHER]) {
      tokens[phone] = await login(harness.app, phone);
      const row = await harness.app.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
      uids[phone] = row.id;
    }
  });

  it('takes an uploaded video as 转码中, then serves an H.264/AAC MP4 and a JPEG poster once transcoded by real ffmpeg', async () => {
    const key = await upload(OWNER, source);
    const taken = await commit(key);
    assert.equal(taken.code, ApiCode.OK, taken.msg);
    assert.match(taken.data.Vid, /^[0-9a-f]{32}$/);
    assert.equal(taken.data.state, VideoState.TRANSCODING);
    assert.equal(taken.data.state_text, '转码中');
    assert.equal(taken.data.PosterUri, '');
    assert.equal(taken.data.videoUri, '');
    assert.ok(taken.data.url.endsWith(key));
    assert.equal((await commit(key)).data.Vid, taken.data.Vid, 'committing twice answers the same job');

    assert.equal(await processNextJob(deps()), true);
    const done = await status(taken.data.Vid);
    assert.equal(done.data.state, VideoState.DONE);
    assert.equal(done.data.state_text, '转码完成');
    const mp4 = await harness.app.inject({ method: 'GET', url: done.data.videoUri });
    assert.equal(mp4.statusCode, 200);
    assert.equal(mp4.rawPayload.subarray(4, 8).toString('latin1'), 'ftyp');
    assert.ok(mp4.rawPayload.includes(Buffer.from('avc1')), 'H.264 video');
    assert.ok(mp4.rawPayload.includes(Buffer.from('mp4a')), 'AAC audio');
    const poster = await harness.app.inject({ method: 'GET', url: done.data.PosterUri });
    assert.deepEqual([...poster.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.equal(await processNextJob(deps()), false, 'nothing left to do');
  });

  it('marks a file that only looks like a video 转码失败, with a message for the creator', async () => {
    const broken = Buffer.concat([source.subarray(0, 64), randomBytes(4096)]);
    const taken = await commit(await upload(OWNER, broken));
    assert.equal(taken.code, ApiCode.OK);
    await processNextJob(deps());
    const failed = await status(taken.data.Vid);
    assert.equal(failed.data.state, VideoState.FAILED);
    assert.equal(failed.data.state_text, '转码失败');
    assert.equal(failed.data.error, VIDEO_MESSAGES.FAILED);
  });

  it('leaves nothing behind when a job fails: its folder, and an output an earlier try had stored', async () => {
    const broken = Buffer.concat([source.subarray(0, 64), randomBytes(4096)]);
    const taken = await commit(await upload(OWNER, broken));
    const row = await harness.app.db.selectFrom('video_jobs').selectAll().where('vid', '=', taken.data.Vid).executeTakeFirstOrThrow();
    const { outputKey, posterKey } = outputKeysOf(row);
    // As if an earlier try had stored the poster, then its worker died.
    await harness.app.storage.put(posterKey, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    let folder = '';
    await processNextJob({
      ...deps(),
      transcode: (job) => {
        folder = job.dir;
        assert.ok(existsSync(job.input), 'the source was copied into the job folder');
        return transcode(job);
      },
    });
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.FAILED);
    assert.ok(folder.startsWith(work.dir));
    assert.equal(existsSync(folder), false);
    assert.deepEqual(readdirSync(work.dir), []);
    assert.equal(await harness.app.storage.head(posterKey), null);
    assert.equal(await harness.app.storage.head(outputKey), null);
  });

  it('stops ffmpeg at the timeout: the job fails, its output removed with its folder', async () => {
    // An ffmpeg that hangs once it has written its output, as a stuck decoder would: the real one, then a wait.
    const hanging = path.join(work.dir, '..', `hanging-ffmpeg-${process.pid}.sh`);
    writeFileSync(hanging, `#!/bin/sh\n"${ffmpegPath()}" "$@" || exit $?\nexec sleep 120\n`, { mode: 0o755 });
    const taken = await commit(await upload(OWNER, source));
    let output = '';
    try {
      await processNextJob({
        ...deps(),
        transcodeTimeoutMs: 5000,
        transcode: async (job) => {
          try {
            return await transcode({ ...job, binary: hanging });
          } finally {
            if (existsSync(path.join(job.dir, 'output.mp4'))) output = path.join(job.dir, 'output.mp4');
          }
        },
      });
    } finally {
      rmSync(hanging, { force: true });
    }
    const row = await harness.app.db.selectFrom('video_jobs').selectAll().where('vid', '=', taken.data.Vid).executeTakeFirstOrThrow();
    assert.equal(row.state, VideoState.FAILED);
    assert.match(row.error, /ffmpeg stopped after 5 s \(timeout\)/);
    assert.ok(output, 'ffmpeg had written the MP4');
    assert.equal(existsSync(output), false);
    assert.deepEqual(readdirSync(work.dir), []);
    assert.equal(await harness.app.storage.head(outputKeysOf(row).outputKey), null);
  });

  it("removes the folders of a worker that died mid-job at the next job run, never a live worker's", async () => {
    // Folders as the worker names them (<pid>-<random>): one of a process that is gone, with a
    // partial output; one of a live worker (this test's parent process); one not the worker's.
    const dead = path.join(work.dir, '999999999-abc123');
    const live = path.join(work.dir, `${process.ppid}-def456`);
    const other = path.join(work.dir, 'someone-elses');
    for (const dir of [dead, live, other]) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'output.mp4'), randomBytes(1024));
    }
    const taken = await commit(await upload(OWNER, source));
    assert.equal(await processNextJob(deps()), true);
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.DONE);
    assert.deepEqual(readdirSync(work.dir).sort(), [path.basename(live), path.basename(other)].sort());
    assert.deepEqual(await removeLeftovers(work.dir, () => false), [path.basename(live)], 'gone once its process is');
    assert.deepEqual(readdirSync(work.dir), [path.basename(other)]);
  });

  it("refuses what is not a video, not uploaded, not of the video kind, or not the caller's", async () => {
    assert.equal((await commit(await upload(OWNER, Buffer.from('<html><script>alert(1)</script></html>'), 'mp4'))).msg, VIDEO_MESSAGES.NOT_VIDEO);
    assert.equal((await commit(keyFor(OWNER))).msg, VIDEO_MESSAGES.NOT_UPLOADED);
    assert.equal((await commit(`image/20261120/u${uids[OWNER]}/${'a'.repeat(32)}.png`)).msg, VIDEO_MESSAGES.NOT_VIDEO);
    assert.equal((await commit('../../etc/passwd')).code, ApiCode.INVALID_PARAMS);
    const others = await upload(OTHER, source);
    const refused = await commit(others, OWNER);
    assert.equal(refused.code, ApiCode.FORBIDDEN);
    assert.equal(refused.msg, VIDEO_MESSAGES.NOT_YOURS);
    const theirs = await commit(others, OTHER);
    assert.equal((await status(theirs.data.Vid, OWNER)).code, ApiCode.NOT_FOUND, "someone else's Vid is unknown to me");
    assert.equal((await status('nope', OWNER)).code, ApiCode.INVALID_PARAMS);
    // Leave no job behind for the next test.
    await processNextJob(deps());
  });

  it('takes a job again after the server that held it died (its lease ran out), never while the lease holds', async () => {
    const taken = await commit(await upload(OWNER, source));
    const held = await claimJob(harness.app.db, clock.now);
    assert.equal(held?.vid, taken.data.Vid, 'a worker took it, then its server died');
    clock.now = new Date(clock.now.getTime() + 60_000);
    assert.equal(await processNextJob(deps()), false, 'still leased');
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.TRANSCODING);
    clock.now = new Date(clock.now.getTime() + LEASE_MS);
    assert.equal(await processNextJob(deps()), true);
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.DONE);
  });

  it("hands out video upload credentials (docs/product.md §7 fields) that write under the caller's own video keys", async () => {
    const answer = body<TestToken & { spaceName: string; transcodeFLowId: string }>(
      await signed(harness.app, { url: '/api/upload/vod/token', token: tokens[OWNER] }),
    );
    assert.equal(answer.code, ApiCode.OK, answer.msg);
    for (const field of ['accessKeyId', 'secretAccessKey', 'sessionToken', 'spaceName', 'transcodeFLowId'] as const) assert.ok(answer.data[field], field);
    assert.equal(answer.data.keyScope, `u${uids[OWNER]}`);
    const key = keyFor(OWNER);
    const put = await ossInject(harness.app, answer.data, { method: 'PUT', key, payload: source, contentType: 'video/x-matroska' });
    assert.equal(put.statusCode, 200, put.body);
    const theirs = await ossInject(harness.app, answer.data, { method: 'PUT', key: keyFor(OTHER), payload: source, contentType: 'video/x-matroska' });
    assert.equal(theirs.statusCode, 403, "not under someone else's scope");
    const taken = await commit(key);
    assert.equal(taken.data.state, VideoState.TRANSCODING);
    await processNextJob(deps());
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.DONE);
  });

  it("reports how far transcoding has got: ffmpeg's percent in the job's row, answered by status, 100 once done", async () => {
    const taken = await commit(await upload(OWNER, source));
    assert.equal(taken.data.progress, 0);
    const reported: number[] = [];
    const seenByStatus: number[] = [];
    const watching = deps();
    await processNextJob({
      ...watching,
      progressIntervalMs: 0,
      transcode: async (job) => {
        // What the editor would read while the worker holds the job, once a percent was written.
        job.onProgress?.(37);
        for (let i = 0; i < 100 && seenByStatus.at(-1) !== 37; i += 1) {
          seenByStatus.push((await status(taken.data.Vid)).data.progress);
          await new Promise((r) => setTimeout(r, 20));
        }
        return transcode({ ...job, onProgress: (p) => (reported.push(p), job.onProgress?.(p)) });
      },
    });
    assert.equal(seenByStatus.at(-1), 37);
    assert.ok(
      reported.length > 0 && reported.every((p, i) => p >= 0 && p < 100 && (i === 0 || p > reported[i - 1]!)),
      `real ffmpeg progress ${reported.join(',')}`,
    );
    assert.ok(reported.at(-1)! >= 80, `ends near the end: ${reported.join(',')}`);
    const done = await status(taken.data.Vid);
    assert.equal(done.data.state, VideoState.DONE);
    assert.equal(done.data.progress, 100);
  });

  it('hands the job in hand back when the worker stops: free for the next worker, the try not counted', async () => {
    const taken = await commit(await upload(OWNER, source));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const worker = startWorker(
      {
        ...deps(),
        // A transcode that runs until it is stopped, as ffmpeg on a long video.
        transcode: (job) =>
          new Promise((_resolve, reject) => {
            job.onProgress?.(12);
            started();
            job.signal?.addEventListener('abort', () => reject(new Error('transcoding stopped')));
          }),
      },
      20,
    );
    await running;
    await worker.stop();
    const row = await harness.app.db.selectFrom('video_jobs').selectAll().where('vid', '=', taken.data.Vid).executeTakeFirstOrThrow();
    assert.equal(row.state, VideoState.TRANSCODING);
    assert.equal(row.lease_until, null, 'no lease left to run out');
    assert.equal(row.attempts, 0);
    assert.equal(row.progress, 0);
    assert.equal(await processNextJob(deps()), true, 'another worker takes it at once');
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.DONE);
  });

  it('commits a 2 GB video by reading its first bytes only', async () => {
    const key = await upload(OWNER, source);
    // The same object made 2 GiB long without writing 2 GiB: a sparse file.
    await truncate(path.join(data.dir, 'storage', harness.app.storage.bucket, 'objects', key), MAX_SOURCE_BYTES);
    assert.equal((await harness.app.storage.head(key))?.size, MAX_SOURCE_BYTES);
    let bytesRead = 0;
    const counting: ObjectStore = Object.create(harness.app.storage, {
      get: {
        value: async (...args: Parameters<ObjectStore['get']>) => {
          const object = await harness.app.storage.get(...args);
          object?.body.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
          return object;
        },
      },
      readHead: {
        value: async (...args: Parameters<ObjectStore['readHead']>) => {
          const head = await harness.app.storage.readHead(...args);
          bytesRead += head?.length ?? 0;
          return head;
        },
      },
    });
    const job = await commitVideo(harness.app.db, counting, uids[OWNER]!, key);
    assert.equal(job.state, VideoState.TRANSCODING);
    assert.ok(bytesRead > 0 && bytesRead <= 64 * 1024, `read ${bytesRead} bytes of ${MAX_SOURCE_BYTES}`);
    await harness.app.db.deleteFrom('video_jobs').where('vid', '=', job.vid).execute();
  });

  it("runs by itself in the server's worker loop", async () => {
    const taken = await commit(await upload(OWNER, source));
    const worker = startWorker({ db: harness.app.db, storage: harness.app.storage }, 50);
    try {
      for (let i = 0; i < 200 && (await status(taken.data.Vid)).data.state === VideoState.TRANSCODING; i += 1) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    assert.equal((await status(taken.data.Vid)).data.state, VideoState.DONE);
  });
});
