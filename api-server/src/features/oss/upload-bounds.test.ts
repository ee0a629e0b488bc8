/**
 * Every upload is bounded while it streams: the parts of one multipart upload may not add up to more
 * than its key's kind allows (images 200 MiB, videos 2 GiB), refused part by part as they arrive
 * with the 413 EntityTooLarge error, nothing of a refused part kept. A creator may keep a bounded
 * number of uploads open and a bounded number of bytes stored (403 TooManyOpenUploads, QuotaExceeded:
 * the codes the browser's upload helper turns into its messages).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { before, describe, it } from 'node:test';
import { login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE, type TestToken, fetchToken, newKey, ossHttp, ossInject } from './oss-test-client';

const MiB = 1024 * 1024;

/** `size` bytes made on demand (never held whole), in 64 KiB chunks as a browser's part arrives. */
function lazyBody(size: number, head: Buffer = Buffer.alloc(0)): Readable {
  const chunk = Buffer.alloc(65536, 7);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const next = sent === 0 && head.length ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
      const piece = next.subarray(0, Math.min(next.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

/** Bytes of the part files kept on disk for an upload. */
function partBytes(dataDir: string, uploadId: string): number {
  const dir = path.join(dataDir, 'storage-multipart', uploadId);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.part') || name.endsWith('.tmp'))
    .reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

describe('embedded storage: a multipart upload bounded as its parts arrive', () => {
  let origin: string;
  let token: TestToken;
  const data = tempDir('upload-bounds');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
  });

  async function initiate(key: string, contentType = 'image/png'): Promise<string> {
    const init = await ossHttp(origin, token, { method: 'POST', key, subres: 'uploads', contentType });
    assert.equal(init.status, 200, init.text);
    return /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(init.text)?.[1] ?? '';
  }

  const part = (key: string, uploadId: string, partNumber: number, size: number, declared = true) =>
    ossHttp(origin, token, {
      method: 'PUT',
      key,
      subres: { partNumber, uploadId },
      body: lazyBody(size, partNumber === 1 ? SAMPLE.png : undefined),
      ...(declared ? { contentLength: size } : {}),
    });

  it('refuses the eleventh 20 MiB part of an image (200 MiB at most) with 413 EntityTooLarge, keeping none of it', async () => {
    const key = newKey(token.keyScope);
    const uploadId = await initiate(key);
    for (let n = 1; n <= 10; n += 1) {
      const answer = await part(key, uploadId, n, 20 * MiB);
      assert.equal(answer.status, 200, `part ${n}: ${answer.text}`);
    }
    const eleventh = await part(key, uploadId, 11, 20 * MiB);
    assert.equal(eleventh.status, 413, eleventh.text);
    assert.match(eleventh.text, /<Code>EntityTooLarge<\/Code>/);
    assert.equal(partBytes(data.dir, uploadId), 200 * MiB, 'only the ten parts within the limit are kept');

    // The same refusal for a part that does not declare its length: cut off as it passes the limit.
    const chunked = await part(key, uploadId, 11, 20 * MiB, false);
    assert.equal(chunked.status, 413, chunked.text);
    assert.match(chunked.text, /<Code>EntityTooLarge<\/Code>/);
    assert.equal(partBytes(data.dir, uploadId), 200 * MiB);

    // A part sent again replaces the earlier one: it is counted once.
    const again = await part(key, uploadId, 10, 20 * MiB);
    assert.equal(again.status, 200, again.text);
    const smaller = await part(key, uploadId, 10, 5 * MiB);
    assert.equal(smaller.status, 200, smaller.text);
    const fits = await part(key, uploadId, 11, 15 * MiB);
    assert.equal(fits.status, 200, `15 MiB fits where the replaced part gave room: ${fits.text}`);
    const over = await part(key, uploadId, 12, 1);
    assert.equal(over.status, 413, 'one byte more is refused');
    assert.equal(partBytes(data.dir, uploadId), 200 * MiB);
  });

  it('lets a video key hold more than an image key', async () => {
    const key = newKey(token.keyScope, 'mp4', 'video');
    const uploadId = await initiate(key, 'video/mp4');
    for (let n = 1; n <= 11; n += 1) {
      const answer = await part(key, uploadId, n, 20 * MiB);
      assert.equal(answer.status, 200, `part ${n}: ${answer.text}`);
    }
  });
});

describe('embedded storage: open uploads and the quota of one creator', () => {
  let token: TestToken;
  let other: TestToken;
  const data = tempDir('upload-quota');
  const KB = 1000;
  const harness = setUpTestApp({
    overrides: {
      dataDir: data.dir,
      storageLimits: { maxOpenUploads: 3, quotaBytes: 1000 * KB, orphanExpiryMs: 7 * 86_400_000, orphanSweepIntervalMs: 0 },
    },
    cleanUp: [data.remove],
  });

  before(async () => {
    token = await fetchToken(harness.app, await login(harness.app, '13800000006'));
    other = await fetchToken(harness.app, await login(harness.app, '13800000007'));
  });

  const initiate = (t: TestToken, key: string) => ossInject(harness.app, t, { method: 'POST', key, subres: 'uploads', contentType: 'image/png' });
  const uploadIdOf = (text: string) => /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(text)?.[1] ?? '';
  const png = (size: number) => Buffer.concat([SAMPLE.png, Buffer.alloc(size - SAMPLE.png.length, 1)]);

  it('refuses a fourth open upload with TooManyOpenUploads, and takes one again once an upload ends', async () => {
    const keys = [newKey(token.keyScope), newKey(token.keyScope), newKey(token.keyScope)];
    const ids: string[] = [];
    for (const key of keys) {
      const answer = await initiate(token, key);
      assert.equal(answer.statusCode, 200, answer.body);
      ids.push(uploadIdOf(answer.body));
    }
    const fourth = await initiate(token, newKey(token.keyScope));
    assert.equal(fourth.statusCode, 403);
    assert.match(fourth.body, /<Code>TooManyOpenUploads<\/Code>/);
    const elsewhere = await initiate(other, newKey(other.keyScope));
    assert.equal(elsewhere.statusCode, 200, "another creator's uploads are their own");

    const aborted = await ossInject(harness.app, token, { method: 'DELETE', key: keys[0] ?? '', subres: { uploadId: ids[0] ?? '' } });
    assert.equal(aborted.statusCode, 204);
    const again = await initiate(token, newKey(token.keyScope));
    assert.equal(again.statusCode, 200, again.body);

    // Completing one ends it too.
    const part = await ossInject(harness.app, token, {
      method: 'PUT',
      key: keys[1] ?? '',
      subres: { partNumber: 1, uploadId: ids[1] ?? '' },
      payload: png(1000),
    });
    assert.equal(part.statusCode, 200, part.body);
    const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${String(part.headers.etag)}</ETag></Part></CompleteMultipartUpload>`;
    const done = await ossInject(harness.app, token, {
      method: 'POST',
      key: keys[1] ?? '',
      subres: { uploadId: ids[1] ?? '' },
      payload: xml,
      contentType: 'application/xml',
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal((await initiate(token, newKey(token.keyScope))).statusCode, 200);
    assert.equal((await initiate(token, newKey(token.keyScope))).statusCode, 403, 'three open again');
  });

  it('refuses what would pass the quota (stored objects and open parts) with QuotaExceeded', async () => {
    const first = await ossInject(harness.app, other, { method: 'PUT', key: newKey(other.keyScope), payload: png(500 * KB), contentType: 'image/png' });
    assert.equal(first.statusCode, 200, first.body);
    const second = await ossInject(harness.app, other, { method: 'PUT', key: newKey(other.keyScope), payload: png(600 * KB), contentType: 'image/png' });
    assert.equal(second.statusCode, 403);
    assert.match(second.body, /<Code>QuotaExceeded<\/Code>/);

    // The parts of an open upload count too (one upload of this creator is open already, empty).
    const key = newKey(other.keyScope);
    const init = await initiate(other, key);
    assert.equal(init.statusCode, 200, init.body);
    const uploadId = uploadIdOf(init.body);
    const part1 = await ossInject(harness.app, other, { method: 'PUT', key, subres: { partNumber: 1, uploadId }, payload: png(300 * KB) });
    assert.equal(part1.statusCode, 200, part1.body);
    const part2 = await ossInject(harness.app, other, { method: 'PUT', key, subres: { partNumber: 2, uploadId }, payload: png(300 * KB) });
    assert.equal(part2.statusCode, 403);
    assert.match(part2.body, /<Code>QuotaExceeded<\/Code>/);
    const full = await initiate(other, newKey(other.keyScope));
    assert.equal(full.statusCode, 200, 'room is left: a new upload may start');
    const small = await ossInject(harness.app, other, { method: 'PUT', key: newKey(other.keyScope), payload: png(100 * KB), contentType: 'image/png' });
    assert.equal(small.statusCode, 200, 'what fits is taken');
    const over = await ossInject(harness.app, other, { method: 'PUT', key: newKey(other.keyScope), payload: png(101 * KB), contentType: 'image/png' });
    assert.equal(over.statusCode, 403, '900 KB held: 101 KB more is one byte too many');
    assert.match(over.body, /<Code>QuotaExceeded<\/Code>/);
  });
});
