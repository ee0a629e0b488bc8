/** DiskObjectStore's streams: bodies hashed as they flow, limits while streaming, ranges and heads. */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { DiskObjectStore } from './disk-object-store';
import { ObjectTooLargeError, readAll, readObject } from './object-store';

const md5 = (body: Buffer): string => createHash('md5').update(new Uint8Array(body)).digest('hex').toUpperCase();

/** A stream of `size` bytes in 64 KiB chunks, like a socket's. */
const chunked = (body: Buffer): Readable =>
  Readable.from(
    (function* chunks() {
      for (let at = 0; at < body.length; at += 65536) yield body.subarray(at, at + 65536);
    })(),
  );

describe('DiskObjectStore streams', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'streamed-store-'));
  const store = new DiskObjectStore(root, 'creator', '/oss');
  after(() => fs.rmSync(root, { recursive: true, force: true }));
  const body = randomBytes(3 * 1024 * 1024 + 17);

  it('stores a stream, hashing it on the way, and streams it back whole or by range', async () => {
    const info = await store.put('video/a.bin', chunked(body), 'application/octet-stream');
    assert.deepEqual([info.size, info.etag], [body.length, md5(body)]);
    const whole = await store.get('video/a.bin');
    assert.equal(whole?.range, null);
    assert.equal(whole?.size, body.length);
    assert.deepEqual(whole && (await readAll(whole.body, body.length)), body);

    const middle = await store.get('video/a.bin', { start: 1000, end: 1999 });
    assert.deepEqual(middle?.range, { start: 1000, end: 1999 });
    assert.deepEqual(middle && (await readAll(middle.body, 1000)), body.subarray(1000, 2000));
    const tail = await store.get('video/a.bin', { start: body.length - 10, end: body.length + 500 });
    assert.deepEqual(tail?.range, { start: body.length - 10, end: body.length - 1 }, 'a range is clamped to the object');
    // Read, so the stream closes its file (Node 22 and later fail a test that leaves one to the collector).
    assert.deepEqual(tail && (await readAll(tail.body, 10)), body.subarray(body.length - 10));
    await assert.rejects(store.get('video/a.bin', { start: body.length, end: body.length + 1 }), RangeError);
  });

  it('reads only the head, or a small object whole', async () => {
    assert.deepEqual(await store.readHead('video/a.bin', 16), body.subarray(0, 16));
    await store.put('image/short.txt', Buffer.from('tiny'), 'text/plain');
    assert.deepEqual(await store.readHead('image/short.txt', 4096), Buffer.from('tiny'));
    assert.equal(await store.readHead('image/none.txt', 16), null);
    assert.deepEqual(await readObject(store, 'image/short.txt', 4), Buffer.from('tiny'));
    assert.equal(await readObject(store, 'image/short.txt', 3), null, 'larger than asked for');
    assert.equal(await readObject(store, 'image/none.txt', 100), null);
  });

  it('refuses a body past maxBytes while it streams, storing nothing and leaving no temp file', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 65536;
        this.push(pulled > 64 * 1024 * 1024 ? null : Buffer.alloc(65536));
      },
    });
    await assert.rejects(store.put('video/too-big.bin', endless, 'video/mp4', { maxBytes: 1024 * 1024 }), ObjectTooLargeError);
    assert.ok(pulled < 4 * 1024 * 1024, `stopped reading soon after the limit (read ${pulled} bytes)`);
    assert.equal(await store.head('video/too-big.bin'), null);
    assert.deepEqual(fs.readdirSync(path.join(root, 'creator', 'tmp')), []);
    await assert.rejects(store.putIfAbsent('video/too-big.bin', Buffer.alloc(11), 'video/mp4', { maxBytes: 10 }), ObjectTooLargeError);
  });

  it('creates write-once objects: the first wins, the second gets null', async () => {
    const first = await store.putIfAbsent('file/once.bin', chunked(body), 'application/octet-stream');
    assert.equal(first?.etag, md5(body));
    assert.equal(await store.putIfAbsent('file/once.bin', Buffer.from('other'), 'application/octet-stream'), null);
    assert.equal((await store.head('file/once.bin'))?.etag, md5(body));
  });

  it('keeps an ETag the caller already knows (a multipart completion) instead of hashing', async () => {
    const known = `${'A'.repeat(32)}-2`;
    const created = await store.putIfAbsent('file/known.bin', chunked(body), 'application/octet-stream', { etag: known });
    assert.deepEqual([created?.size, created?.etag], [body.length, known]);
    assert.equal((await store.head('file/known.bin'))?.etag, known);
    assert.equal(md5((await readObject(store, 'file/known.bin', body.length)) ?? Buffer.alloc(0)), md5(body));
    assert.equal((await store.put('file/known.bin', Buffer.from('x'), 'text/plain', { etag: known }))?.etag, known);
  });
});
