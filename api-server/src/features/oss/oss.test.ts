import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { type TestToken, SAMPLE, fetchToken, newKey, ossInject } from './oss-test-client';
import { mintCredentials, uploadSecret } from '../upload/credentials';

describe('embedded storage: OSS protocol subset', () => {
  let token: TestToken;
  let otherToken: TestToken;
  const data = tempDir('oss');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
    otherToken = await fetchToken(harness.app, await login(harness.app, '13800000002'));
  });

  it('hands out short-lived, per-user credentials with the fields of docs/product.md §7', () => {
    for (const field of ['regionId', 'endpoint', 'accessKeyId', 'secretAccessKey', 'sessionToken', 'bucket']) assert.ok(field in token, field);
    assert.equal(token.endpoint, '/oss');
    assert.match(token.keyScope, /^u\d+$/);
    assert.notEqual(token.keyScope, otherToken.keyScope);
    assert.notEqual(token.secretAccessKey, otherToken.secretAccessKey);
  });

  it('accepts a signed PUT and serves the object back', async () => {
    const key = newKey(token.keyScope);
    const put = await ossInject(harness.app, token, { method: 'PUT', key, payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);
    assert.match(String(put.headers.etag), /^"[0-9A-F]{32}"$/);
    const got = await harness.app.inject({ method: 'GET', url: `/oss/${token.bucket}/${key}` });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.deepEqual(got.rawPayload, SAMPLE.png);
    const head = await harness.app.inject({ method: 'HEAD', url: `/oss/${token.bucket}/${key}` });
    assert.equal(head.statusCode, 200);
  });

  it('refuses a bad signature, an unsigned request, a forged token, an expired token and a skewed clock', async () => {
    const key = newKey(token.keyScope);
    const bad = await ossInject(harness.app, token, { method: 'PUT', key, payload: SAMPLE.png, contentType: 'image/png', secret: 'not-the-secret' });
    assert.equal(bad.statusCode, 403);
    assert.match(bad.body, /<Code>SignatureDoesNotMatch<\/Code>/);

    const unsigned = await harness.app.inject({
      method: 'PUT',
      url: `/oss/${token.bucket}/${key}`,
      payload: SAMPLE.png,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(unsigned.statusCode, 403);

    const forged = await ossInject(harness.app, token, {
      method: 'PUT',
      key,
      payload: SAMPLE.png,
      contentType: 'image/png',
      sessionToken: `${token.sessionToken}x`,
    });
    assert.match(forged.body, /<Code>InvalidAccessKeyId<\/Code>/);

    const expired = mintCredentials(uploadSecret(), { uid: 1, sessionId: 1 }, 1000, Date.now() - 10_000);
    const old = await ossInject(harness.app, { ...token, ...expired }, { method: 'PUT', key, payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(old.statusCode, 403);
    assert.match(old.body, /<Code>SecurityTokenExpired<\/Code>/);

    const skewed = await ossInject(harness.app, token, {
      method: 'PUT',
      key,
      payload: SAMPLE.png,
      contentType: 'image/png',
      date: new Date(Date.now() - 3_600_000),
    });
    assert.match(skewed.body, /<Code>RequestTimeTooSkewed<\/Code>/);
    assert.equal((await harness.app.inject({ method: 'GET', url: `/oss/${token.bucket}/${key}` })).statusCode, 404, 'nothing was stored');
  });

  it('refuses keys outside the credentials scope (another user, or outside the layout)', async () => {
    for (const key of [newKey(otherToken.keyScope), `image/20261122/${token.keyScope}/../x.png`, 'newspaper/1/page.pdf', `image/${token.keyScope}/a.png`]) {
      const put = await ossInject(harness.app, token, { method: 'PUT', key, payload: SAMPLE.png, contentType: 'image/png' });
      assert.equal(put.statusCode, 403, key);
    }
  });

  it('assembles a multipart upload (initiate, parts out of order, complete) and aborts another', async () => {
    const key = newKey(token.keyScope);
    const init = await ossInject(harness.app, token, { method: 'POST', key, subres: 'uploads', contentType: 'image/png' });
    assert.equal(init.statusCode, 200, init.body);
    const uploadId = /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(init.body)?.[1] ?? '';
    assert.ok(uploadId);
    const chunks = [SAMPLE.png.subarray(0, 20), SAMPLE.png.subarray(20, 50), SAMPLE.png.subarray(50)];
    const etags: string[] = [];
    for (const n of [3, 1, 2]) {
      const part = await ossInject(harness.app, token, { method: 'PUT', key, subres: { partNumber: n, uploadId }, payload: Buffer.from(chunks[n - 1] ?? '') });
      assert.equal(part.statusCode, 200, part.body);
      etags[n - 1] = String(part.headers.etag);
    }
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>\n${etags.map((e, i) => `<Part>\n<PartNumber>${i + 1}</PartNumber>\n<ETag>${e}</ETag>\n</Part>\n`).join('')}</CompleteMultipartUpload>`;
    const done = await ossInject(harness.app, token, { method: 'POST', key, subres: { uploadId }, payload: xml, contentType: 'application/xml' });
    assert.equal(done.statusCode, 200, done.body);
    const got = await harness.app.inject({ method: 'GET', url: `/oss/${token.bucket}/${key}` });
    assert.deepEqual(got.rawPayload, SAMPLE.png);
    assert.equal(got.headers['content-type'], 'image/png');

    const other = newKey(token.keyScope);
    const second = await ossInject(harness.app, token, { method: 'POST', key: other, subres: 'uploads', contentType: 'image/png' });
    const secondId = /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(second.body)?.[1] ?? '';
    const abort = await ossInject(harness.app, token, { method: 'DELETE', key: other, subres: { uploadId: secondId } });
    assert.equal(abort.statusCode, 204);
    const late = await ossInject(harness.app, token, { method: 'PUT', key: other, subres: { partNumber: 1, uploadId: secondId }, payload: SAMPLE.png });
    assert.match(late.body, /<Code>NoSuchUpload<\/Code>/);
  });

  it('refuses a completion whose part ETags do not match, and a part for another user', async () => {
    const key = newKey(token.keyScope);
    const init = await ossInject(harness.app, token, { method: 'POST', key, subres: 'uploads', contentType: 'image/png' });
    const uploadId = /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(init.body)?.[1] ?? '';
    await ossInject(harness.app, token, { method: 'PUT', key, subres: { partNumber: 1, uploadId }, payload: SAMPLE.png });
    const xml = '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"00000000000000000000000000000000"</ETag></Part></CompleteMultipartUpload>';
    const done = await ossInject(harness.app, token, { method: 'POST', key, subres: { uploadId }, payload: xml, contentType: 'application/xml' });
    assert.match(done.body, /<Code>InvalidPart<\/Code>/);
    const foreign = await ossInject(harness.app, otherToken, { method: 'PUT', key, subres: { partNumber: 2, uploadId }, payload: SAMPLE.png });
    assert.equal(foreign.statusCode, 403);
  });
});
