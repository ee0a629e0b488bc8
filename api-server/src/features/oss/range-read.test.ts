/**
 * Range and conditional reads of the embedded storage (a video must play and seek without
 * being downloaded whole, and Safari plays nothing without 206 answers).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { STORAGE_CSP } from '../../storage/serving';
import { SAMPLE, fetchToken, newKey, ossInject } from './oss-test-client';

describe('embedded storage: range and conditional reads', () => {
  let url: string;
  let etag: string;
  // A PNG by its first bytes, 1000 bytes long.
  const object = Buffer.concat([SAMPLE.png, randomBytes(1000 - SAMPLE.png.length)]);
  const data = tempDir('range-read');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    const token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
    const key = newKey(token.keyScope);
    const put = await ossInject(harness.app, token, { method: 'PUT', key, payload: object, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);
    etag = String(put.headers.etag);
    url = `/oss/creator/${key}`;
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => harness.app.inject({ method, url, headers });

  it('answers a whole object with Accept-Ranges, a quoted ETag and every serving header', async () => {
    const whole = await get();
    assert.equal(whole.statusCode, 200);
    assert.deepEqual(whole.rawPayload, object);
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.match(etag, /^"[0-9A-F]{32}"$/);
    assert.equal(whole.headers.etag, etag);
    assert.equal(whole.headers['content-length'], '1000');
    assert.equal(whole.headers['content-type'], 'image/png');
    assert.equal(whole.headers['content-disposition'], 'inline');
    assert.equal(whole.headers['x-content-type-options'], 'nosniff');
    assert.equal(whole.headers['content-security-policy'], STORAGE_CSP);
  });

  it('answers one range with 206 and Content-Range: first bytes, middle, suffix, open-ended', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=500-599', 500, 599],
      ['bytes=-100', 900, 999],
      ['bytes=900-', 900, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=-5000', 0, 999],
    ];
    for (const [range, start, end] of cases) {
      const part = await get({ range });
      assert.equal(part.statusCode, 206, range);
      assert.equal(part.headers['content-range'], `bytes ${start}-${end}/1000`, range);
      assert.equal(part.headers['content-length'], String(end - start + 1), range);
      assert.deepEqual(part.rawPayload, object.subarray(start, end + 1), range);
      assert.equal(part.headers['content-type'], 'image/png', range);
      assert.equal(part.headers['content-security-policy'], STORAGE_CSP, range);
    }
  });

  it('answers 416 with the size for a range past the end, and the whole object for what it does not serve', async () => {
    for (const range of ['bytes=1000-1100', 'bytes=5000-', 'bytes=-0']) {
      const refused = await get({ range });
      assert.equal(refused.statusCode, 416, range);
      assert.equal(refused.headers['content-range'], 'bytes */1000', range);
      assert.equal(refused.rawPayload.length, 0, range);
    }
    for (const range of ['bytes=0-1,5-6', 'bytes=9-2', 'items=0-5', 'bytes=abc']) {
      const whole = await get({ range });
      assert.equal(whole.statusCode, 200, range);
      assert.equal(whole.rawPayload.length, 1000, range);
    }
  });

  it('honours If-Range (a range of this version only) and If-None-Match (304)', async () => {
    const stale = await get({ range: 'bytes=0-99', 'if-range': '"0123456789ABCDEF0123456789ABCDEF"' });
    assert.equal(stale.statusCode, 200);
    assert.deepEqual(stale.rawPayload, object);
    const current = await get({ range: 'bytes=0-99', 'if-range': etag });
    assert.equal(current.statusCode, 206);
    assert.equal(current.rawPayload.length, 100);
    const weak = await get({ range: 'bytes=0-99', 'if-range': `W/${etag}` });
    assert.equal(weak.statusCode, 200, 'If-Range compares strongly');

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await get({ 'if-none-match': tag });
      assert.equal(cached.statusCode, 304, tag);
      assert.equal(cached.rawPayload.length, 0, tag);
      assert.equal(cached.headers.etag, etag, tag);
    }
    assert.equal((await get({ 'if-none-match': '"other"' })).statusCode, 200);
    const lastModified = String((await get()).headers['last-modified']);
    assert.equal((await get({ 'if-modified-since': lastModified })).statusCode, 304);
    assert.equal((await get({ 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).statusCode, 200);
  });

  it('answers HEAD with the length and no body, a range too', async () => {
    const head = await get({}, 'HEAD');
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], '1000');
    assert.equal(head.headers['accept-ranges'], 'bytes');
    assert.equal(head.headers['content-type'], 'image/png');
    assert.equal(head.rawPayload.length, 0);
    const part = await get({ range: 'bytes=10-19' }, 'HEAD');
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], 'bytes 10-19/1000');
    assert.equal(part.headers['content-length'], '10');
    assert.equal((await harness.app.inject({ method: 'HEAD', url: `${url.slice(0, -6)}ffff.png` })).statusCode, 404);
  });
});
