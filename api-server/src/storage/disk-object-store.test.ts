import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DiskObjectStore } from './disk-object-store';
import { readAll } from './object-store';

describe('DiskObjectStore', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-'));
  const store = new DiskObjectStore(root, 'creator', '/oss');
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads, lists and deletes objects with their content type', async () => {
    const info = await store.put('image/2026-11-22/abc.png', Buffer.from('png-bytes'), 'image/png');
    assert.equal(info.size, 9);
    const got = await store.get('image/2026-11-22/abc.png');
    assert.equal(got && (await readAll(got.body, 100))?.toString(), 'png-bytes');
    assert.equal(got?.contentType, 'image/png');
    assert.equal(got?.etag, info.etag);
    assert.deepEqual(await store.list('image/'), ['image/2026-11-22/abc.png']);
    await store.delete('image/2026-11-22/abc.png');
    assert.equal(await store.get('image/2026-11-22/abc.png'), null);
  });

  it('refuses keys that would leave the bucket', async () => {
    await assert.rejects(store.put('../escape', Buffer.from('x'), 'text/plain'), /invalid object key/);
    await assert.rejects(store.put('a/../../b', Buffer.from('x'), 'text/plain'), /invalid object key/);
  });

  it('builds public URLs under the bucket', () => {
    assert.equal(store.publicUrl('newspaper/1/a b.pdf'), '/oss/creator/newspaper/1/a%20b.pdf');
  });
});
