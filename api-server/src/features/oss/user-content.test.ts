import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ApiCode } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { CLEAN_SVG, GIF_HTML_POLYGLOT, HOSTILE_SVGS, HTML_PAGE, MEDIA_SAMPLES } from './hostile-samples';
import { type TestToken, SAMPLE, fetchToken, newKey, ossInject } from './oss-test-client';
import { cleanedUrl } from '../../testing/clean-image';

/** The key a storage URL names (`…/oss/creator/<key>`). */
const keyIn = (url: string): string => url.replace(/^.*?\/oss\/creator\//, '');

const SANDBOX = /^default-src 'none';.*\bsandbox$/;

/** Hardening: nothing a user uploads can run as the app. */
describe('user content in the embedded storage', () => {
  let storage: TestToken;
  let token: string;
  const data = tempDir('user-content');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  const put = async (payload: Buffer | string, contentType: string, key = newKey(storage.keyScope)): Promise<string> => {
    const answer = await ossInject(harness.app, storage, { method: 'PUT', key, payload, contentType });
    assert.equal(answer.statusCode, 200, answer.body);
    return key;
  };
  const read = (key: string, target: FastifyInstance = harness.app, host?: string): Promise<LightMyRequestResponse> =>
    target.inject({ method: 'GET', url: `/oss/creator/${key}`, ...(host ? { headers: { host } } : {}) });
  const assertLockedDown = (got: LightMyRequestResponse, what: string) => {
    assert.equal(got.headers['x-content-type-options'], 'nosniff', what);
    assert.match(String(got.headers['content-security-policy']), SANDBOX, what);
  };
  const assertDownload = (got: LightMyRequestResponse, what: string) => {
    assert.equal(got.statusCode, 200, what);
    assert.equal(got.headers['content-type'], 'application/octet-stream', what);
    assert.match(String(got.headers['content-disposition']), /^attachment; filename="[0-9a-f]{32}\.\w+"$/, what);
    assertLockedDown(got, what);
  };
  const save = (files: string) =>
    signed(harness.app, { method: 'POST', url: '/api/material/save', token, params: { files, title: '测试素材', describe: '测试描述' } }).then((r) =>
      body<{ ids: number[] }>(r),
    );

  before(async () => {
    token = await login(harness.app, '13800000001');
    storage = await fetchToken(harness.app, token);
  });

  it('serves an HTML page uploaded as text/html under an image key as a download, never as HTML', async () => {
    for (const declared of ['text/html', 'image/png', 'image/svg+xml', 'application/xhtml+xml']) {
      const got = await read(await put(HTML_PAGE, declared));
      assertDownload(got, declared);
      assert.deepEqual(got.rawPayload, HTML_PAGE);
    }
  });

  it('types every file by its bytes, whatever the uploader declared: media inline, the rest a download', async () => {
    for (const [name, payload, type] of [
      ['png', SAMPLE.png, 'image/png'],
      ['jpeg', SAMPLE.jpeg, 'image/jpeg'],
      ['gif', SAMPLE.gif, 'image/gif'],
    ] as const) {
      const got = await read(await put(payload, 'text/html'));
      assert.equal(got.headers['content-type'], type, name);
      assert.equal(got.headers['content-disposition'], 'inline', name);
      assertLockedDown(got, name);
    }
    for (const sample of MEDIA_SAMPLES) {
      const key = await put(sample.body, 'text/html', newKey(storage.keyScope, 'bin', sample.inline && !sample.type.startsWith('image') ? 'file' : 'image'));
      const got = await read(key);
      if (sample.inline) {
        assert.equal(got.headers['content-type'], sample.type, sample.name);
        assert.equal(got.headers['content-disposition'], 'inline', sample.name);
        assertLockedDown(got, sample.name);
      } else {
        assertDownload(got, sample.name);
      }
      const head = await harness.app.inject({ method: 'HEAD', url: `/oss/creator/${key}` });
      assert.equal(head.headers['content-type'], got.headers['content-type'], `${sample.name} HEAD`);
    }
  });

  it('serves a GIF/HTML polyglot as image/gif with nosniff and a sandbox, never as HTML', async () => {
    const got = await read(await put(GIF_HTML_POLYGLOT, 'text/html'));
    assert.equal(got.headers['content-type'], 'image/gif');
    assertLockedDown(got, 'polyglot');
  });

  it('serves no script-bearing SVG as an image, and material/save refuses it', async () => {
    for (const [name, svg] of Object.entries(HOSTILE_SVGS)) {
      const key = await put(svg, 'image/svg+xml', newKey(storage.keyScope, 'svg'));
      assertDownload(await read(key), name);
      const saved = await save(`/oss/creator/${key}`);
      assert.equal(saved.code, ApiCode.INVALID_PARAMS, name);
      assert.equal(saved.msg, '请上传图片素材（仅支持 gif、jpeg、jpg、png、svg）', name);
    }
  });

  it('serves a clean SVG inline as image/svg+xml, sandboxed, and saves it as a material', async () => {
    const key = await put(CLEAN_SVG, 'text/plain', newKey(storage.keyScope, 'svg'));
    const got = await read(key);
    assert.equal(got.headers['content-type'], 'image/svg+xml');
    assert.equal(got.headers['content-disposition'], 'inline');
    assertLockedDown(got, 'clean svg');
    // Saved as the add screen saves it: through the clean step.
    assert.equal((await save(await cleanedUrl(harness.app, token, `/oss/creator/${key}`))).code, ApiCode.OK);
  });

  it("never overwrites a stored key: a clean copy's key is not the creator's to write, and a second PUT, a multipart upload to a written key, and a completion racing a PUT are refused", async () => {
    // Uploaded and cleaned as the add screen does (SAMPLE.png is its own clean copy, byte for byte).
    const key = keyIn(await cleanedUrl(harness.app, token, `/oss/creator/${await put(SAMPLE.png, 'image/png')}`));
    const saved = await save(`/oss/creator/${key}`);
    assert.equal(saved.code, ApiCode.OK);

    // The clean copy lies under clean/, which no upload credentials may write (not even over a free key there).
    assert.match(key, /^clean\/image\//);
    for (const target of [key, key.replace(/[0-9a-f]{32}/, '0'.repeat(32))]) {
      const over = await ossInject(harness.app, storage, { method: 'PUT', key: target, payload: HTML_PAGE, contentType: 'text/html' });
      assert.equal(over.statusCode, 403, target);
      assert.match(over.body, /<Code>AccessDenied<\/Code>/);
      const initOver = await ossInject(harness.app, storage, { method: 'POST', key: target, subres: 'uploads', contentType: 'image/png' });
      assert.equal(initOver.statusCode, 403, target);
    }

    // A key the creator wrote is write-once.
    const own = await put(SAMPLE.png, 'image/png');
    const again = await ossInject(harness.app, storage, { method: 'PUT', key: own, payload: HTML_PAGE, contentType: 'text/html' });
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /<Code>FileAlreadyExists<\/Code>/);
    const init = await ossInject(harness.app, storage, { method: 'POST', key: own, subres: 'uploads', contentType: 'image/png' });
    assert.equal(init.statusCode, 409);

    // A multipart upload started while the key was free cannot complete once it is taken.
    const racing = newKey(storage.keyScope);
    const started = await ossInject(harness.app, storage, { method: 'POST', key: racing, subres: 'uploads', contentType: 'image/png' });
    const uploadId = /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(started.body)?.[1] ?? '';
    const part = await ossInject(harness.app, storage, { method: 'PUT', key: racing, subres: { partNumber: 1, uploadId }, payload: HTML_PAGE });
    await put(SAMPLE.gif, 'image/gif', racing);
    const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${String(part.headers.etag)}</ETag></Part></CompleteMultipartUpload>`;
    const done = await ossInject(harness.app, storage, { method: 'POST', key: racing, subres: { uploadId }, payload: xml, contentType: 'application/xml' });
    assert.equal(done.statusCode, 409);
    assert.deepEqual((await read(racing)).rawPayload, SAMPLE.gif);

    // The saved material still shows the bytes that were checked.
    const got = await read(key);
    assert.deepEqual(got.rawPayload, SAMPLE.png);
    assert.equal(got.headers['content-type'], 'image/png');
  });

  it('locks down storage errors too', async () => {
    const missing = await read(newKey(storage.keyScope));
    assert.equal(missing.statusCode, 404);
    assertLockedDown(missing, '404');
    const refused = await harness.app.inject({
      method: 'PUT',
      url: `/oss/creator/${newKey(storage.keyScope)}`,
      payload: HTML_PAGE,
      headers: { 'content-type': 'text/html' },
    });
    assert.equal(refused.statusCode, 403);
    assertLockedDown(refused, '403');
  });

  it('answers an upload over 20 MB with HTTP 413 and the envelope, and keeps the connection usable', async () => {
    const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const oversize = Buffer.alloc(20 * 1024 * 1024 + 1);
    const send = (): Promise<{ status: number; text: string; connection: string | undefined }> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          {
            port: Number(port),
            host: '127.0.0.1',
            method: 'PUT',
            path: `/oss/creator/${newKey(storage.keyScope)}`,
            headers: { 'content-type': 'image/png', 'content-length': oversize.length },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(oversize);
      });
    const answer = await send();
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.text), { code: ApiCode.INVALID_PARAMS, msg: '上传内容过大，不能超过20MB', data: null });
    assert.notEqual(answer.connection, 'close');
  });
});

describe('user files on their own origin (STORAGE_PUBLIC_ORIGIN) and the pages’ CSP', () => {
  let storage: TestToken;
  let token: string;
  const data = tempDir('storage-origin');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, storagePublicOrigin: 'https://files.example.test' }, cleanUp: [data.remove] });

  before(async () => {
    token = await login(harness.app, '13800000001');
    storage = await fetchToken(harness.app, token);
  });

  it('hands out URLs on the storage origin and serves user files only there', async () => {
    const raw = newKey(storage.keyScope);
    assert.equal((await ossInject(harness.app, storage, { method: 'PUT', key: raw, payload: SAMPLE.png, contentType: 'image/png' })).statusCode, 200);
    // Cleaned as the add screen does before saving.
    const key = keyIn(await cleanedUrl(harness.app, token, `/oss/creator/${raw}`));
    const saved = body<{ ids: number[] }>(
      await signed(harness.app, {
        method: 'POST',
        url: '/api/material/save',
        token,
        params: { files: `/oss/creator/${key}`, title: '素材', describe: '描述' },
      }),
    );
    assert.equal(saved.code, ApiCode.OK);
    const detail = body<{ cm_url: string }>(
      await signed(harness.app, { method: 'POST', url: '/api/material/showChild', token, params: { id: saved.data.ids[0] ?? 0 } }),
    );
    assert.equal(detail.data.cm_url, `https://files.example.test/oss/creator/${key}`);

    const onApp = await harness.app.inject({ method: 'GET', url: `/oss/creator/${key}`, headers: { host: 'creator.example.test' } });
    assert.equal(onApp.statusCode, 301);
    assert.equal(onApp.headers.location, `https://files.example.test/oss/creator/${key}`);
    const onStorage = await harness.app.inject({ method: 'GET', url: `/oss/creator/${key}`, headers: { host: 'files.example.test' } });
    assert.equal(onStorage.statusCode, 200);
    assert.equal(onStorage.headers['content-type'], 'image/png');
  });

  it('gives the app’s pages a CSP of its own origin, the storage origin and nothing inline', async () => {
    for (const url of ['/', '/material/index', '/api/runtime/config']) {
      const csp = String((await harness.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `)) ?? '';
      assert.equal(directive('script-src'), "script-src 'self'", url);
      assert.equal(directive('object-src'), "object-src 'none'", url);
      assert.equal(directive('default-src'), "default-src 'self'", url);
      for (const name of ['img-src', 'media-src', 'frame-src']) assert.match(directive(name), /https:\/\/files\.example\.test/, `${url} ${name}`);
      // An embedded video player the sanitizer keeps must also be allowed to load, and only those.
      assert.match(directive('frame-src'), /https:\/\/player\.bilibili\.com( |$)/, url);
      assert.doesNotMatch(directive('frame-src'), /http:\/\//, url);
      assert.doesNotMatch(csp, /unsafe-eval|\*/, url);
    }
  });
});
