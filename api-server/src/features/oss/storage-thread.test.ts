/**
 * The storage thread (STORAGE_PORT): the embedded storage's routes on a port and an event loop of
 * their own. The upload credentials send the browser there, a page may call it from its own origin,
 * it refuses the credentials of an ended session as the API does (asking the API's thread), what it
 * stores is what the API serves, and closing the app stops it.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { before, describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { buildTestApp, setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE, type TestToken, fetchToken, newKey, ossHttp } from './oss-test-client';

const MB = 1024 * 1024;

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address && typeof address === 'object' ? address.port : 0));
    });
  });
}

describe('the storage thread (STORAGE_PORT)', () => {
  let storagePort: number;
  let apiOrigin: string;
  let threadOrigin: string;
  let session: string;
  let token: TestToken & { uploadOrigin?: string };
  const data = tempDir('storage-thread');

  before(async () => {
    storagePort = await freePort();
  });
  const harness = setUpTestApp({ overrides: () => ({ dataDir: data.dir, storagePort }), cleanUp: [data.remove] });
  before(async () => {
    apiOrigin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    threadOrigin = `http://127.0.0.1:${storagePort}`;
    session = await login(harness.app, '13800000001');
    token = await fetchToken(harness.app, session);
  });

  it('sends uploads to its port on the host the page was asked for; reads stay under /oss', async () => {
    // The injected requests ask for host `localhost:80`.
    assert.equal(token.uploadOrigin, `http://localhost:${storagePort}`);
    assert.equal(token.endpoint, '/oss');
    const viaIp = body<{ uploadOrigin?: string }>(
      await signed(harness.app, { url: '/api/upload/tos/token', token: session, headers: { host: `127.0.0.1:${apiOrigin.split(':')[2]}` } }),
    );
    assert.equal(viaIp.data.uploadOrigin, threadOrigin);
    // A Host header that is not a plain name gets no origin made of it: the page's own origin is used.
    const odd = body<{ uploadOrigin?: string }>(
      await signed(harness.app, { url: '/api/upload/tos/token', token: session, headers: { host: 'evil.example; script-src *' } }),
    );
    assert.equal(odd.code, ApiCode.OK);
    assert.equal(odd.data.uploadOrigin, undefined);
  });

  it("lets the page's Content-Security-Policy connect to it", async () => {
    const page = await fetch(`${apiOrigin}/login`);
    await page.arrayBuffer();
    const connect = (page.headers.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
    assert.ok(connect.split(/\s+/).includes(threadOrigin), connect);
  });

  it('answers a cross-origin preflight and exposes the ETag a multipart upload needs', async () => {
    const key = newKey(token.keyScope);
    const preflight = await fetch(`${threadOrigin}/oss/${token.bucket}/${key}?uploads=`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,x-oss-date,x-oss-security-token',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PUT/);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization,content-type,x-oss-date,x-oss-security-token');
    const put = await ossHttp(threadOrigin, token, { method: 'PUT', key, body: Readable.from([SAMPLE.png]), contentType: 'image/png' });
    assert.equal(put.status, 200, put.text);
    const exposed = await fetch(`${threadOrigin}/oss/${token.bucket}/${key}`, { headers: { origin: 'http://localhost:8080' } });
    await exposed.arrayBuffer();
    assert.match(exposed.headers.get('access-control-expose-headers') ?? '', /ETag/);
  });

  it('stores a 20 MB upload byte-exact, and the API serves it', async () => {
    const bytes = Buffer.concat([SAMPLE.png, randomBytes(20 * MB - SAMPLE.png.length)]);
    const key = newKey(token.keyScope);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    const put = await ossHttp(threadOrigin, token, {
      method: 'PUT',
      key,
      body: Readable.from(chunks),
      contentType: 'application/octet-stream',
      contentLength: bytes.length,
    });
    assert.equal(put.status, 200, put.text);
    const served = await fetch(`${apiOrigin}/oss/${token.bucket}/${key}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    const digest = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    assert.equal(digest(new Uint8Array(await served.arrayBuffer())), digest(new Uint8Array(bytes)));
  });

  it("refuses the credentials of a session that ended, as the API's own storage routes do", async () => {
    const other = await login(harness.app, '13800000001');
    const ending = await fetchToken(harness.app, other);
    assert.equal(body(await signed(harness.app, { method: 'POST', url: '/login/admin/quit', token: other })).code, ApiCode.OK);
    const refused = await ossHttp(threadOrigin, ending, {
      method: 'PUT',
      key: newKey(ending.keyScope),
      body: Readable.from([SAMPLE.png]),
      contentType: 'image/png',
    });
    assert.equal(refused.status, 403);
    assert.match(refused.text, /<Code>InvalidAccessKeyId<\/Code>/);
    // Another session of the same user still uploads.
    const still = await ossHttp(threadOrigin, token, {
      method: 'PUT',
      key: newKey(token.keyScope),
      body: Readable.from([SAMPLE.png]),
      contentType: 'image/png',
    });
    assert.equal(still.status, 200, still.text);
  });

  it('ends an upload under way within a second of its logout', async () => {
    const other = await login(harness.app, '13800000001');
    const uploading = await fetchToken(harness.app, other);
    const put = () =>
      ossHttp(threadOrigin, uploading, { method: 'PUT', key: newKey(uploading.keyScope), body: Readable.from([SAMPLE.png]), contentType: 'image/png' });
    // Writes that follow each other share the thread's check of the session.
    for (let n = 0; n < 3; n += 1) assert.equal((await put()).status, 200);
    assert.equal(body(await signed(harness.app, { method: 'POST', url: '/login/admin/quit', token: other })).code, ApiCode.OK);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = await put();
    assert.equal(refused.status, 403);
    assert.match(refused.text, /<Code>InvalidAccessKeyId<\/Code>/);
  });

  it('stops with the app', async () => {
    const own = await buildTestApp(harness.database, { dataDir: data.dir, storagePort: await freePort() });
    const port = own.config.storagePort;
    const answered = await fetch(`http://127.0.0.1:${port}/oss/${token.bucket}/nothing-here`);
    assert.equal(answered.status, 404);
    await own.close();
    await assert.rejects(fetch(`http://127.0.0.1:${port}/oss/${token.bucket}/nothing-here`));
  });
});
