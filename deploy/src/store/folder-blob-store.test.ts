import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../testing/fixtures';
import { FolderBlobStore } from './folder-blob-store';

test('create writes once and refuses to replace; put replaces', async (t) => {
  const store = new FolderBlobStore(await tempDir(t));
  assert.equal(await store.create('mf-a/1.0.0/x.js', Buffer.from('one'), 'application/javascript'), true);
  assert.equal(await store.create('mf-a/1.0.0/x.js', Buffer.from('two'), 'application/javascript'), false);
  assert.equal((await store.get('mf-a/1.0.0/x.js'))?.toString(), 'one');
  await store.put('manifests/production.json', Buffer.from('a'), 'application/json');
  await store.put('manifests/production.json', Buffer.from('b'), 'application/json');
  assert.equal((await store.get('manifests/production.json'))?.toString(), 'b');
  assert.equal(await store.get('missing/file'), null);
});

test('lists keys under a prefix, without temporary files', async (t) => {
  const root = await tempDir(t);
  const store = new FolderBlobStore(root);
  for (const key of ['mf-a/1.0.0/release.json', 'mf-a/1.0.0/static/a.js', 'mf-ab/1.0.0/release.json', 'stats/production.json']) {
    await store.put(key, Buffer.from('x'), 'text/plain');
  }
  await fs.writeFile(path.join(root, '.tmp', 'leftover'), 'x');
  assert.deepEqual(await store.list('mf-a/'), ['mf-a/1.0.0/release.json', 'mf-a/1.0.0/static/a.js']);
  assert.deepEqual(await store.list('mf-a'), ['mf-a/1.0.0/release.json', 'mf-a/1.0.0/static/a.js', 'mf-ab/1.0.0/release.json']);
  assert.equal((await store.list('')).length, 4);
  assert.deepEqual(await fs.readdir(path.join(root, '.tmp')), ['leftover']);
});

test('refuses keys that would leave the store', async (t) => {
  const store = new FolderBlobStore(await tempDir(t));
  for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a b']) {
    await assert.rejects(store.get(key), /invalid store key/);
  }
});
