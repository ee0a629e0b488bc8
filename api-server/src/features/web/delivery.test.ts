/** Compressed delivery: precompressed build files by Accept-Encoding, API JSON above a size, no source maps. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { FolderBlobStore, ReleaseStore } from 'deploy';
import { ok } from 'shared-sdk/contract';
import { publishTestRelease } from '../../testing/releases';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { acceptedEncodings } from './encoding';

const CODE = 'export const screen = "素材库";\n'.repeat(400);
const HTML = `<!doctype html><title>host</title>${'<div></div>'.repeat(300)}`;

/** A file with the .br and .gz twins the build writes. */
function withTwins(file: string, content: string): Record<string, string | Buffer> {
  return { [file]: content, [`${file}.br`]: brotliCompressSync(content), [`${file}.gz`]: gzipSync(content) };
}

function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

describe('web: compressed, cacheable delivery', () => {
  const web = tempDir('creator-web');
  const releases = tempDir('creator-releases');

  before(async () => {
    writeFiles(web.dir, {
      ...withTwins('host-shell/dist/index.html', HTML),
      ...withTwins('host-shell/dist/main.1a2b3c4d.js', CODE),
      'host-shell/dist/main.1a2b3c4d.js.map': '{"sources":["secret.ts"]}',
      'host-shell/dist/logo.5e6f7a8b.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      ...withTwins('mf-materials/dist/remoteEntry.js', CODE),
      'mf-materials/dist/remoteEntry.js.map': '{}',
    });
    const store = new ReleaseStore(new FolderBlobStore(releases.dir));
    await publishTestRelease(store, 'mf-tools', '1.0.0');
    await store.blobs.put('mf-tools/1.0.0/screen.1a2b3c4d.js', Buffer.from(CODE), 'application/javascript');
    await store.blobs.put('mf-tools/1.0.0/screen.1a2b3c4d.js.br', brotliCompressSync(CODE), 'application/octet-stream');
    await store.blobs.put('mf-tools/1.0.0/screen.1a2b3c4d.js.gz', gzipSync(CODE), 'application/octet-stream');
    await store.blobs.put('mf-tools/1.0.0/screen.1a2b3c4d.js.map', Buffer.from('{}'), 'application/json');
  });
  const harness = setUpTestApp({
    overrides: { webRoot: web.dir, releasesDir: releases.dir },
    // Answers of known sizes, so the size threshold and the storage exception can be checked.
    beforeReady: (app) => {
      app.get('/api/runtime/test-big', { config: { auth: 'public' } }, async () =>
        ok({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `稿件 ${i}` })) }),
      );
      app.get('/api/runtime/test-small', { config: { auth: 'public' } }, async () => ok({ id: 1 }));
      app.get('/oss/creator/test.json', { config: { auth: 'public' } }, async () => ok({ items: Array.from({ length: 200 }, (_, i) => i) }));
    },
    cleanUp: [web.remove, releases.remove],
  });

  const get = (url: string, acceptEncoding?: string, accept = '*/*') =>
    harness.app.inject({ method: 'GET', url, headers: { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  it('reads Accept-Encoding with preferences and refusals', () => {
    assert.deepEqual(acceptedEncodings('gzip, deflate, br, zstd'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('gzip;q=1.0, br;q=0'), ['gzip']);
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip']);
    assert.deepEqual(acceptedEncodings('identity'), []);
    assert.deepEqual(acceptedEncodings(undefined), []);
  });

  it('sends the brotli twin, else the gzip one, else the file, always varying on Accept-Encoding', async () => {
    for (const url of ['/main.1a2b3c4d.js', '/remotes/mf-materials/remoteEntry.js', '/releases/mf-tools/1.0.0/screen.1a2b3c4d.js']) {
      const br = await get(url, 'gzip, deflate, br');
      assert.equal(br.statusCode, 200, url);
      assert.equal(br.headers['content-encoding'], 'br', url);
      assert.match(String(br.headers['content-type']), /javascript/, url);
      assert.match(String(br.headers.vary), /accept-encoding/i, url);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), CODE, url);
      assert.ok(br.rawPayload.length < CODE.length / 10, url);

      const gz = await get(url, 'gzip');
      assert.equal(gz.headers['content-encoding'], 'gzip', url);
      assert.equal(gunzipSync(gz.rawPayload).toString(), CODE, url);

      const plain = await get(url, 'identity');
      assert.equal(plain.headers['content-encoding'], undefined, url);
      assert.equal(plain.body, CODE, url);
      assert.match(String(plain.headers.vary), /accept-encoding/i, url);
    }
  });

  it('keeps hashed files immutable and entry files revalidated when compressed', async () => {
    assert.equal((await get('/main.1a2b3c4d.js', 'br')).headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await get('/releases/mf-tools/1.0.0/screen.1a2b3c4d.js', 'br')).headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await get('/remotes/mf-materials/remoteEntry.js', 'br')).headers['cache-control'], 'no-cache');
    const page = await get('/material/0', 'br', 'text/html');
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const html = page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.rawPayload).toString() : page.body;
    assert.equal(html, HTML);
  });

  it('never serves a source map', async () => {
    for (const url of ['/main.1a2b3c4d.js.map', '/remotes/mf-materials/remoteEntry.js.map', '/releases/mf-tools/1.0.0/screen.1a2b3c4d.js.map']) {
      const response = await get(url, 'br, gzip');
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /secret\.ts/, url);
    }
  });

  it('does not compress images', async () => {
    const image = await get('/logo.5e6f7a8b.png', 'br, gzip');
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-encoding'], undefined);
  });

  it('compresses API JSON above 1 KB, not below it and not the storage', async () => {
    const big = await get('/api/runtime/test-big', 'gzip, br');
    assert.equal(big.headers['content-encoding'], 'br');
    assert.match(String(big.headers['content-type']), /application\/json/);
    assert.equal(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).data.items.length, 200);
    assert.equal(Number(big.headers['content-length']), big.rawPayload.length);

    const gz = await get('/api/runtime/test-big', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(JSON.parse(gunzipSync(gz.rawPayload).toString()).data.items.length, 200);

    const plain = await get('/api/runtime/test-big');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.json().data.items.length, 200);

    const small = await get('/api/runtime/test-small', 'gzip, br');
    assert.equal(small.headers['content-encoding'], undefined);
    assert.match(String(small.headers.vary), /accept-encoding/i);
    assert.equal(small.json().data.id, 1);

    assert.equal((await get('/oss/creator/test.json', 'gzip, br')).headers['content-encoding'], undefined);
  });
});
