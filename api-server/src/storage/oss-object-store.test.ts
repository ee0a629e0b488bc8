/**
 * OssObjectStore (ali-oss) against a real OSS-protocol server: this project's embedded storage,
 * listening on a local port and accepting an operator's long-term key. Then an app in bucket mode
 * whose storage is that store: material saves and the release store go through ali-oss.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { BucketBlobStore, ReleaseStore, operations } from 'deploy';
import type { FastifyInstance } from 'fastify';
import type { MaterialDetail } from 'shared-sdk/contract';
import { SAMPLE, fetchToken, newKey, ossInject } from '../features/oss/oss-test-client';
import { EMBEDDED_REGION } from '../plugins/app/storage';
import { publishTestRelease } from '../testing/releases';
import { body, login, signed } from '../testing/signed';
import { buildTestApp, setUpTestApp, tempDir } from '../testing/test-app';
import { OssObjectStore, OssStoreError } from './oss-object-store';
import { ObjectTooLargeError, readAll, readObject } from './object-store';
import { releaseObjects } from './release-objects';
import { cleanedUrl } from '../testing/clean-image';

const OPERATOR = { accessKeyId: 'operator-test-key', accessKeySecret: 'operator-test-secret' };

describe('OssObjectStore against the embedded OSS server', () => {
  let endpoint: string;
  let store: OssObjectStore;
  const data = tempDir('oss-store');
  const storeWith = (key: Partial<typeof OPERATOR>) =>
    new OssObjectStore({ bucket: 'creator', region: EMBEDDED_REGION, endpoint, ...OPERATOR, ...key, listPageSize: 2 });

  // The embedded OSS server the store talks to.
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, ossOperatorKey: OPERATOR }, cleanUp: [data.remove] });
  before(async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}/oss`;
    store = storeWith({});
  });

  it('puts, heads, gets and serves an object', async () => {
    const key = "newspaper/1/page_(1)'s.png";
    const put = await store.put(key, SAMPLE.png, 'image/png');
    assert.equal(put.size, SAMPLE.png.length);
    assert.match(put.etag, /^[0-9A-F]{32}$/);

    const head = await store.head(key);
    assert.deepEqual({ ...head, lastModified: undefined }, { key, size: SAMPLE.png.length, contentType: 'image/png', etag: put.etag, lastModified: undefined });
    const got = await store.get(key);
    assert.deepEqual(got && (await readAll(got.body, 1e6)), SAMPLE.png);
    assert.equal(got?.contentType, 'image/png');
    assert.equal(got?.size, SAMPLE.png.length);
    assert.ok((await harness.app.storage.head(key))?.etag === put.etag, 'the server stored what the store put');

    const url = store.publicUrl(key);
    assert.equal(url, `${endpoint}/creator/newspaper/1/page_(1)'s.png`);
    assert.equal(store.keyOfUrl(url), key);
    assert.deepEqual(Buffer.from(await (await fetch(url)).arrayBuffer()), SAMPLE.png);
    assert.equal(await store.head('newspaper/1/missing.png'), null);
    assert.equal(await store.get('newspaper/1/missing.png'), null);
  });

  it('streams a put and a get, reads a range and a head, and stops a body past maxBytes', async () => {
    const key = 'media/stream.bin';
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const put = await store.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'application/octet-stream');
    assert.deepEqual([put.size, put.etag], [bytes.length, (await harness.app.storage.head(key))?.etag]);
    const whole = await store.get(key);
    assert.deepEqual(whole && (await readAll(whole.body, bytes.length)), bytes);
    const middle = await store.get(key, { start: 2_000_000, end: 2_000_099 });
    assert.deepEqual([middle?.range, middle?.size], [{ start: 2_000_000, end: 2_000_099 }, bytes.length]);
    assert.deepEqual(middle && (await readAll(middle.body, 100)), bytes.subarray(2_000_000, 2_000_100));
    assert.deepEqual(await store.readHead(key, 16), bytes.subarray(0, 16));
    await store.put('media/empty.bin', Buffer.alloc(0), 'application/octet-stream');
    assert.deepEqual(await store.readHead('media/empty.bin', 16), Buffer.alloc(0));
    assert.equal(await store.readHead('media/none.bin', 16), null);

    await assert.rejects(store.put('media/too-big.bin', Readable.from([bytes]), 'application/octet-stream', { maxBytes: 1024 }), ObjectTooLargeError);
    assert.equal(await harness.app.storage.head('media/too-big.bin'), null, 'the aborted PutObject stored nothing');
  });

  it('lists a prefix across pages, and deletes', async () => {
    const keys = ['list/a/1.txt', 'list/a/2.txt', 'list/a/3.txt', 'list/a/4.txt', 'list/a/5.txt'];
    for (const key of [...keys].reverse()) await store.put(key, Buffer.from(key), 'text/plain');
    await store.put('list/b/1.txt', Buffer.from('other'), 'text/plain');
    assert.deepEqual(await store.list('list/a/'), keys);
    assert.deepEqual(await store.list('list/'), [...keys, 'list/b/1.txt']);
    assert.deepEqual(await store.list('nothing/'), []);

    await store.delete('list/a/3.txt');
    await store.delete('list/a/never-there.txt');
    assert.equal(await store.head('list/a/3.txt'), null);
    assert.deepEqual(await store.list('list/a/'), ['list/a/1.txt', 'list/a/2.txt', 'list/a/4.txt', 'list/a/5.txt']);
  });

  it('refuses to overwrite with putIfAbsent (x-oss-forbid-overwrite)', async () => {
    assert.equal((await store.putIfAbsent('once/a.json', Buffer.from('1'), 'application/json'))?.size, 1);
    assert.equal(await store.putIfAbsent('once/a.json', Buffer.from('2'), 'application/json'), null);
    assert.equal((await readObject(store, 'once/a.json', 100))?.toString(), '1');
  });

  it('is refused with a wrong secret or an unknown key, and nobody else may list or delete', async () => {
    await assert.rejects(storeWith({ accessKeySecret: 'wrong' }).put('x/y.txt', Buffer.from('x'), 'text/plain'), (error: unknown) => {
      assert.ok(error instanceof OssStoreError);
      assert.equal(error.code, 'SignatureDoesNotMatch');
      assert.doesNotMatch(error.message, /operator-test-secret|wrong/);
      return true;
    });
    await assert.rejects(storeWith({ accessKeyId: 'someone-else' }).list(''), { code: 'InvalidAccessKeyId', status: 403 });
    assert.equal((await fetch(`${endpoint}/creator/?prefix=list/`)).status, 403, 'anonymous listing');

    const app = harness.app;
    const upload = await fetchToken(app, await login(app, '13800000001'));
    const key = newKey(upload.keyScope);
    assert.equal((await ossInject(app, upload, { method: 'PUT', key, payload: SAMPLE.png, contentType: 'image/png' })).statusCode, 200);
    const deleted = await ossInject(app, upload, { method: 'DELETE', key });
    assert.equal(deleted.statusCode, 403);
    assert.ok(await store.head(key), 'upload credentials cannot delete');
  });

  describe('an app in bucket mode on top of it', () => {
    let app: FastifyInstance;
    const web = tempDir('oss-store-web');

    before(async () => {
      app = await buildTestApp(harness.database, { webRoot: web.dir, releasesBucketPrefix: 'releases' }, { storage: store });
    });
    after(async () => {
      await app.close();
      web.remove();
    });

    it('saves a material whose image is in the bucket, after checking it there', async () => {
      const token = await login(app, '13800000001');
      const scope = (await fetchToken(app, token)).keyScope;
      const raw = newKey(scope);
      await store.put(raw, SAMPLE.png, 'image/png');
      // Cleaned as the screens do: read from the bucket, the clean copy written back to it, the upload deleted.
      const key = store.keyOfUrl(await cleanedUrl(app, token, store.publicUrl(raw))) ?? '';
      assert.notEqual(key, raw);
      assert.equal(await store.head(raw), null, 'the upload is deleted from the bucket');
      const saved = body<{ ids: number[] }>(
        await signed(app, {
          method: 'POST',
          url: '/api/material/save',
          token,
          params: { files: store.publicUrl(key), title: '桶里的图', describe: '经 OSS 保存' },
        }),
      );
      assert.equal(saved.code, 0, saved.msg);
      const id = saved.data.ids[0] ?? 0;
      const shown = body<MaterialDetail>(await signed(app, { method: 'POST', url: '/api/material/showChild', token, params: { id } }));
      assert.equal(shown.data.cm_url, store.publicUrl(key), 'the material points at the bucket URL');

      const missing = body(
        await signed(app, { method: 'POST', url: '/api/material/save', token, params: { files: store.publicUrl(newKey(scope)), title: 't', describe: 'd' } }),
      );
      assert.notEqual(missing.code, 0, 'an object that is not in the bucket is refused');
    });

    it('serves releases published to the bucket prefix through ali-oss', async () => {
      const releases = new ReleaseStore(new BucketBlobStore(releaseObjects(store), 'releases/'));
      await publishTestRelease(releases, 'mf-tools', '3.0.0');
      await operations.promote({ store: releases, env: 'production', who: 'test' }, 'mf-tools', '3.0.0');
      assert.ok(await harness.app.storage.head('releases/manifests/production.json'), 'written to the server behind the store');
      const file = await app.inject({ method: 'GET', url: '/releases/mf-tools/3.0.0/remoteEntry.js' });
      assert.equal(file.statusCode, 200);
      assert.equal(file.body, 'var v = "3.0.0";');
    });
  });
});

describe('OssObjectStore URLs for a real bucket', () => {
  const store = new OssObjectStore({
    bucket: 'media',
    region: 'oss-cn-zhengzhou',
    endpoint: 'oss-cn-zhengzhou.aliyuncs.com',
    accessKeyId: 'id',
    accessKeySecret: 'secret',
  });
  const cdn = new OssObjectStore({
    bucket: 'media',
    region: 'oss-cn-zhengzhou',
    endpoint: 'oss-cn-zhengzhou.aliyuncs.com',
    accessKeyId: 'id',
    accessKeySecret: 'secret',
    publicBaseUrl: 'https://cdn.example.com/media/',
  });
  const key = 'image/20261122/u1/9f86d081884c7d659a2feaa0c55ad015.png';

  it('reads from the bucket host, or from the CDN when one is configured', () => {
    assert.equal(store.publicUrl(key), `https://media.oss-cn-zhengzhou.aliyuncs.com/${key}`);
    assert.equal(cdn.publicUrl(key), `https://cdn.example.com/media/${key}`);
  });

  it('knows its objects by the URL the browser uploaded to (shared-sdk objectUrl) and by the public URL', () => {
    const uploaded = `https://media.oss-cn-zhengzhou.aliyuncs.com/${key}`;
    assert.equal(store.keyOfUrl(uploaded), key);
    assert.equal(cdn.keyOfUrl(uploaded), key);
    assert.equal(cdn.keyOfUrl(`https://cdn.example.com/media/${key}`), key);
    for (const other of [`https://other.oss-cn-zhengzhou.aliyuncs.com/${key}`, `https://cdn.example.com/${key}`, `/oss/media/${key}`, 'not a url']) {
      assert.equal(cdn.keyOfUrl(other), null, other);
    }
  });

  it('names objects on a custom domain bound to the bucket (cname) as the browser does', () => {
    const domain = new OssObjectStore({
      bucket: 'media',
      region: 'oss-cn-zhengzhou',
      endpoint: 'https://files.example.com',
      cname: true,
      accessKeyId: 'id',
      accessKeySecret: 'secret',
    });
    assert.equal(domain.publicUrl(key), `https://files.example.com/${key}`);
    assert.equal(domain.keyOfUrl(`https://files.example.com/${key}`), key, "the URL the browser's upload names (shared-sdk objectUrl)");
    assert.equal(domain.keyOfUrl(`https://media.files.example.com/${key}`), null);
  });
});
