/** DiskObjectStore's composite objects: part files linked in as segments, read back as one object. */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DiskObjectStore } from './disk-object-store';
import { readAll, readObject } from './object-store';

const md5 = (body: Buffer): string => createHash('md5').update(new Uint8Array(body)).digest('hex').toUpperCase();

describe('DiskObjectStore composite objects', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'composite-'));
  const store = new DiskObjectStore(path.join(root, 'store'), 'creator', '/oss');
  const segmentsDir = path.join(root, 'store', 'creator', 'segments');
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Part files as a multipart upload leaves them (sizes include an empty part and a 1-byte one). */
  function partFiles(name: string, sizes: number[]): { files: string[]; body: Buffer } {
    const dir = fs.mkdtempSync(path.join(root, `${name}-`));
    const parts = sizes.map((size) => randomBytes(size));
    const files = parts.map((part, i) => {
      const file = path.join(dir, `${i + 1}.part`);
      fs.writeFileSync(file, part);
      return file;
    });
    return { files, body: Buffer.concat(parts) };
  }
  const sizesOf = (files: string[]) => files.map((file) => fs.statSync(file).size);

  it('stores the parts as one object without copying: whole, by ranges across segments, and its head', async () => {
    const { files, body } = partFiles('a', [5000, 0, 1, 70000, 3]);
    const info = await store.putParts('video/a.mp4', files, sizesOf(files), 'video/mp4', 'ABC-5', true);
    assert.deepEqual([info?.size, info?.etag], [body.length, 'ABC-5']);
    assert.equal(fs.statSync(files[3] ?? '').nlink, 2, 'a part is linked into the store, not copied');
    assert.deepEqual((await store.head('video/a.mp4'))?.size, body.length);
    assert.equal(md5((await readObject(store, 'video/a.mp4', body.length)) ?? Buffer.alloc(0)), md5(body));
    for (const [start, end] of [
      [4990, 5010],
      [4999, 5000],
      [5001, 5001],
      [0, body.length - 1],
      [75000, body.length + 100],
    ] as const) {
      const got = await store.get('video/a.mp4', { start, end });
      assert.deepEqual(await readAll(got?.body ?? fs.createReadStream('/dev/null'), body.length), body.subarray(start, end + 1), `${start}-${end}`);
    }
    await assert.rejects(store.get('video/a.mp4', { start: body.length, end: body.length }), RangeError);
    assert.deepEqual(await store.readHead('video/a.mp4', 5002), body.subarray(0, 5002));
    assert.deepEqual(await store.readHead('video/a.mp4', 10 ** 6), body);
    assert.deepEqual(await store.list('video/'), ['video/a.mp4']);
    // Abandoned before a byte was read (a client gone): its file is closed, nothing is left open.
    const abandoned = await store.get('video/a.mp4');
    const closed = new Promise((resolve) => abandoned?.body.once('close', resolve));
    abandoned?.body.destroy();
    await closed;
  });

  it('is write-once when asked: of two racing completions exactly one wins, and the loser leaves nothing', async () => {
    const a = partFiles('b', [300, 400]);
    const b = partFiles('c', [100, 200, 300]);
    const results = await Promise.all([
      store.putParts('video/race.mp4', a.files, sizesOf(a.files), 'video/mp4', 'A-2', true),
      store.putParts('video/race.mp4', b.files, sizesOf(b.files), 'video/mp4', 'B-3', true),
    ]);
    assert.equal(results.filter(Boolean).length, 1);
    const winner = results[0] ? a.body : b.body;
    assert.equal(md5((await readObject(store, 'video/race.mp4', 10_000)) ?? Buffer.alloc(0)), md5(winner));
    assert.equal(fs.readdirSync(segmentsDir).length, 2, 'the segments of the first object and of the winner only');
    assert.deepEqual(fs.readdirSync(path.join(root, 'store', 'creator', 'tmp')), []);
  });

  it('removes the segments on delete and when a put replaces the object', async () => {
    const before = fs.readdirSync(segmentsDir).length;
    const { files } = partFiles('d', [10, 20, 30]);
    await store.putParts('file/d.bin', files, sizesOf(files), 'application/octet-stream', 'D-3', false);
    assert.equal(fs.readdirSync(segmentsDir).length, before + 1);
    await store.put('file/d.bin', Buffer.from('plain'), 'text/plain');
    assert.equal(fs.readdirSync(segmentsDir).length, before, 'replaced: its segments are gone');
    assert.deepEqual(await store.readHead('file/d.bin', 100), Buffer.from('plain'));

    await store.putParts('file/d.bin', files, sizesOf(files), 'application/octet-stream', 'D-3', false);
    await store.delete('file/d.bin');
    assert.equal(await store.head('file/d.bin'), null);
    assert.equal(await store.get('file/d.bin'), null);
    assert.equal(fs.readdirSync(segmentsDir).length, before, 'deleted: its segments are gone');
  });
});
