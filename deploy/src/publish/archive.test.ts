import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { RefusalError } from '../errors';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';
import { HOST, tempDir, writeBuild, type Cleanup } from '../testing/fixtures';
import { packDist, publishArchive } from './archive';
import { publish } from './publish';

type Entry = { name: string; body?: string; type?: 'file' | 'directory' | 'symlink' | 'link'; linkname?: string };

/** A hand-made tar.gz, for what a well-behaved pack never makes. */
async function archiveOf(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const e of entries) {
    // A link or folder carries no bytes: an empty body.
    const body = Buffer.from(e.type && e.type !== 'file' ? '' : (e.body ?? ''));
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: e.name, type: e.type ?? 'file', size: body.length, ...(e.linkname ? { linkname: e.linkname } : {}) }, body, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

async function setup(t: Cleanup) {
  const root = await tempDir(t);
  const store = new ReleaseStore(new FolderBlobStore(path.join(root, 'releases')));
  const upload = async (body: Buffer, limits?: { maxFiles: number; maxBytes: number }) => {
    const file = path.join(root, `upload-${Math.random().toString(36).slice(2)}.tgz`);
    await fs.writeFile(file, body);
    return publishArchive(store, { archive: file, remote: 'mf-drafts', host: HOST, who: 'ci:drafts', ...(limits ? { limits } : {}) });
  };
  return { root, store, upload };
}

test('a packed build publishes with the same files and SRI hashes as the folder it came from', async (t) => {
  const { root, upload } = await setup(t);
  const dist = await writeBuild(path.join(root, 'dist'), { version: '1.2.0' });
  const viaArchive = await upload(await packDist(dist));
  const other = new ReleaseStore(new FolderBlobStore(path.join(root, 'other')));
  const viaFolder = await publish(other, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'ana' });
  assert.deepEqual(viaArchive.files, viaFolder.files);
  assert.deepEqual(viaArchive.integrity, viaFolder.integrity);
  assert.equal(viaArchive.createdBy, 'ci:drafts');
  await assert.rejects(upload(await packDist(dist)), /already published/);
});

test('refuses paths outside the build, links, unknown files, a missing manifest, bad routes, and more than the limits', async (t) => {
  const { root, upload } = await setup(t);
  const dist = await writeBuild(path.join(root, 'dist'), { version: '1.3.0' });
  const good = await Promise.all(
    ['mf-manifest.json', 'remoteEntry.js', 'routes.json'].map(async (name) => ({ name, body: await fs.readFile(path.join(dist, name), 'utf8') })),
  );
  const cases: [string, Entry[], RegExp][] = [
    ['traversal', [...good, { name: '../escape.js', body: 'x' }], /outside the build/],
    ['absolute', [...good, { name: '/etc/passwd.txt', body: 'x' }], /outside the build/],
    ['nested traversal', [...good, { name: 'static/../../x.js', body: 'x' }], /outside the build/],
    ['symlink', [...good, { name: 'static/evil.js', type: 'symlink', linkname: '/etc/passwd' }], /symlink/],
    ['hard link', [...good, { name: 'static/evil.js', type: 'link', linkname: 'remoteEntry.js' }], /link/],
    ['unknown file', [...good, { name: 'run.sh', body: '#!/bin/sh' }], /does not make/],
    ['twice', [...good, { name: 'remoteEntry.js', body: 'again' }], /twice/],
    ['no manifest', good.filter((e) => e.name !== 'mf-manifest.json'), /no mf-manifest\.json/],
    ['bad manifest', [...good.filter((e) => e.name !== 'mf-manifest.json'), { name: 'mf-manifest.json', body: '{not json' }], /cannot read/],
    [
      'bad routes',
      [
        ...good.filter((e) => e.name !== 'routes.json'),
        { name: 'routes.json', body: JSON.stringify({ name: 'mf_drafts', version: '1.3.0', routes: [{ title: 'x' }] }) },
      ],
      /every route needs a "path"/,
    ],
    ['incomplete', good, /incomplete; missing/],
  ];
  for (const [label, entries, message] of cases) {
    await assert.rejects(upload(await archiveOf(entries)), (error: Error) => {
      assert.ok(error instanceof RefusalError, `${label}: ${error.stack}`);
      assert.match(error.message, message, label);
      assert.doesNotMatch(error.message, /release-archive-/, `${label}: the temporary folder is not named`);
      return true;
    });
  }
  await assert.rejects(upload(await packDist(dist), { maxFiles: 3, maxBytes: 1e9 }), /more than 3 files/);
  await assert.rejects(upload(await packDist(dist), { maxFiles: 100, maxBytes: 500 }), /more than 500 bytes/);
  await assert.rejects(upload(Buffer.from('not a tarball at all')), /not a readable gzip-compressed tar/);
  await assert.rejects(upload(gzipSync(Buffer.from('not a tar inside'))), RefusalError);
  // Nothing of the refused uploads landed in the store, and no temporary folder is left behind.
  assert.deepEqual(await fs.readdir(path.join(root, 'releases')).catch(() => []), []);
});
