/** DiskMultipartUploads: parts streamed to files, completions planned from stored ETags and sizes. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { DiskMultipartUploads, MultipartError } from './multipart-uploads';
import { ObjectTooLargeError, readAll } from './object-store';

const GiB = 1024 ** 3;
const md5 = (body: Buffer): string => createHash('md5').update(new Uint8Array(body)).digest('hex').toUpperCase();

describe('DiskMultipartUploads', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-'));
  const uploads = new DiskMultipartUploads(root);
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('streams parts to files with their ETags and streams the object back from them', async () => {
    const upload = await uploads.initiate('video/a.mp4', 'u1', 'video/mp4');
    const parts = [Buffer.from('first part '), Buffer.from('second part '), Buffer.from('third')];
    const etags = await Promise.all(parts.map((part, i) => uploads.putPart(upload.uploadId, i + 1, Readable.from([part]), 100)));
    assert.deepEqual(etags, parts.map(md5));
    const plan = await uploads.plan(
      upload.uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag: `"${etag}"` })),
      1000,
    );
    assert.equal(plan.size, 28);
    assert.equal(plan.etag, `${md5(Buffer.concat(etags.map((etag) => Buffer.from(etag, 'hex'))))}-3`, 'the multipart form, from the stored part MD5s');
    assert.deepEqual(await uploads.head(plan, 15), Buffer.from('first part seco'));
    assert.deepEqual(await readAll(uploads.stream(plan), 1000), Buffer.concat(parts));
    await assert.rejects(uploads.putPart(upload.uploadId, 4, Readable.from([Buffer.alloc(101)]), 100), ObjectTooLargeError);
    assert.deepEqual(
      fs.readdirSync(path.join(root, upload.uploadId)).filter((name) => name.startsWith('4.')),
      [],
      'nothing kept of a refused part',
    );
  });

  it('writes parts on the calling thread when asked (the storage thread), byte-exact, and refuses the same', async () => {
    const own = new DiskMultipartUploads(path.join(root, 'own-thread'), 'own-thread');
    const upload = await own.initiate('video/b.mp4', 'u1', 'video/mp4');
    const parts = [Buffer.alloc(300_000, 7), Buffer.from('tail')];
    const etags = await Promise.all(
      parts.map((part, i) => own.putPart(upload.uploadId, i + 1, Readable.from([part.subarray(0, 70_000), part.subarray(70_000)]), 400_000)),
    );
    assert.deepEqual(etags, parts.map(md5));
    const plan = await own.plan(
      upload.uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
      1_000_000,
    );
    assert.deepEqual(await readAll(own.stream(plan), 1_000_000), Buffer.concat(parts));
    await assert.rejects(own.putPart(upload.uploadId, 3, Readable.from([Buffer.alloc(400_001)]), 400_000), ObjectTooLargeError);
    assert.deepEqual(
      fs.readdirSync(path.join(root, 'own-thread', upload.uploadId)).filter((name) => name.startsWith('3.')),
      [],
      'nothing kept of a refused part',
    );
  });

  it('plans 2 GiB of parts without reading them, and refuses past the limit it is given', async () => {
    const upload = await uploads.initiate('video/b.mp4', 'u1', 'video/mp4');
    const dir = path.join(root, upload.uploadId);
    // Sparse part files: 2 GiB on paper, nothing on disk; a plan that read them would take minutes.
    for (const n of [1, 2]) {
      fs.writeFileSync(path.join(dir, `${n}.json`), JSON.stringify({ etag: `${n}`.repeat(32), size: GiB }));
      fs.closeSync(fs.openSync(path.join(dir, `${n}.part`), 'w'));
      fs.truncateSync(path.join(dir, `${n}.part`), GiB);
    }
    const listed = [1, 2].map((n) => ({ partNumber: n, etag: `${n}`.repeat(32) }));
    const started = performance.now();
    assert.equal((await uploads.plan(upload.uploadId, listed, 2 * GiB)).size, 2 * GiB);
    assert.ok(performance.now() - started < 2000, 'checked from the stored ETags, not by rereading');
    await assert.rejects(
      uploads.plan(upload.uploadId, listed, 200 * 1024 * 1024),
      (error: unknown) => error instanceof MultipartError && error.code === 'EntityTooLarge',
    );
    await assert.rejects(
      uploads.plan(upload.uploadId, [{ partNumber: 1, etag: '0'.repeat(32) }], 2 * GiB),
      (error: unknown) => error instanceof MultipartError && error.code === 'InvalidPart',
    );
    await assert.rejects(
      uploads.plan(upload.uploadId, [...listed].reverse(), 2 * GiB),
      (error: unknown) => error instanceof MultipartError && error.code === 'InvalidPartOrder',
    );
  });
  it('removes uploads untouched for the given age, and keeps one whose parts are still arriving', async () => {
    const sweepRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-sweep-'));
    const sweeping = new DiskMultipartUploads(sweepRoot);
    const DAY = 24 * 60 * 60_000;
    const now = Date.now();
    const backdate = (uploadId: string, ms: number) => {
      const dir = path.join(sweepRoot, uploadId);
      for (const file of [...fs.readdirSync(dir).map((f) => path.join(dir, f)), dir]) fs.utimesSync(file, new Date(now - ms), new Date(now - ms));
    };
    const abandoned = await sweeping.initiate('video/a.mp4', 'u1', 'video/mp4');
    await sweeping.putPart(abandoned.uploadId, 1, Readable.from([Buffer.from('left behind')]), 100);
    backdate(abandoned.uploadId, 8 * DAY);
    const resumed = await sweeping.initiate('video/b.mp4', 'u1', 'video/mp4');
    backdate(resumed.uploadId, 8 * DAY);
    await sweeping.putPart(resumed.uploadId, 2, Readable.from([Buffer.from('a part today')]), 100);
    const fresh = await sweeping.initiate('video/c.mp4', 'u1', 'video/mp4');

    assert.deepEqual(await sweeping.sweepAbandoned(7 * DAY, now), [abandoned.uploadId]);
    assert.equal(await sweeping.find(abandoned.uploadId), null);
    assert.equal((await sweeping.find(resumed.uploadId))?.key, 'video/b.mp4');
    assert.equal((await sweeping.find(fresh.uploadId))?.key, 'video/c.mp4');
    fs.rmSync(sweepRoot, { recursive: true, force: true });
  });
});
