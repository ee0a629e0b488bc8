/**
 * CompleteMultipartUpload without a second pass over the bytes: the object's ETag is the
 * multipart form computed from the parts' MD5s, and what is served is exactly the listed parts,
 * whole, by ranges across part boundaries, and from its end; of two racing completions to one key
 * exactly one wins.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE, type TestToken, fetchToken, newKey, ossInject } from './oss-test-client';

const md5 = (body: Buffer): string => createHash('md5').update(new Uint8Array(body)).digest('hex').toUpperCase();

describe('embedded storage: multipart completion', () => {
  let token: TestToken;
  const data = tempDir('multipart-complete');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
  });

  /** Initiates and sends the parts; returns the upload id and the completion document. */
  async function sendParts(key: string, parts: Buffer[]): Promise<{ uploadId: string; xml: string; etags: string[] }> {
    const init = await ossInject(harness.app, token, { method: 'POST', key, subres: 'uploads', contentType: 'image/png' });
    assert.equal(init.statusCode, 200, init.body);
    const uploadId = /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(init.body)?.[1] ?? '';
    const etags: string[] = [];
    for (const [i, part] of parts.entries()) {
      const answer = await ossInject(harness.app, token, { method: 'PUT', key, subres: { partNumber: i + 1, uploadId }, payload: part });
      assert.equal(answer.statusCode, 200, answer.body);
      etags.push(String(answer.headers.etag));
    }
    const xml = `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    return { uploadId, xml, etags };
  }

  const complete = (key: string, uploadId: string, xml: string) =>
    ossInject(harness.app, token, { method: 'POST', key, subres: { uploadId }, payload: xml, contentType: 'application/xml' });

  it('completes 40 uneven parts byte-exact, with the `<MD5 of part MD5s>-40` ETag, and serves ranges across part boundaries', async () => {
    const key = newKey(token.keyScope);
    const parts = [...Array(40).keys()].map((i) => (i === 0 ? Buffer.concat([SAMPLE.png, randomBytes(3000)]) : randomBytes(1000 + i * 37)));
    const object = Buffer.concat(parts);
    const { uploadId, xml, etags } = await sendParts(key, parts);
    const done = await complete(key, uploadId, xml);
    assert.equal(done.statusCode, 200, done.body);
    const expected = `"${md5(Buffer.concat(etags.map((e) => Buffer.from(e.replace(/"/g, ''), 'hex'))))}-40"`;
    assert.equal(done.headers.etag, expected);
    assert.match(String(done.headers.etag), /^"[0-9A-F]{32}-40"$/);
    assert.deepEqual(fs.readdirSync(path.join(data.dir, 'storage-multipart')), [], 'the parts are gone once completed');

    const url = `/oss/${token.bucket}/${key}`;
    const whole = await harness.app.inject({ method: 'GET', url });
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers.etag, expected);
    assert.equal(whole.headers['content-length'], String(object.length));
    assert.equal(md5(whole.rawPayload), md5(object), 'byte-exact');
    const head = await harness.app.inject({ method: 'HEAD', url });
    assert.equal(head.headers['content-length'], String(object.length));

    // Part 1 ends at parts[0].length; this range takes its last 10 bytes and 3 parts more.
    const boundary = parts[0]?.length ?? 0;
    const last = boundary + (parts[1]?.length ?? 0) + (parts[2]?.length ?? 0) + 5;
    const across = await harness.app.inject({ method: 'GET', url, headers: { range: `bytes=${boundary - 10}-${last}` } });
    assert.equal(across.statusCode, 206);
    assert.equal(across.headers['content-range'], `bytes ${boundary - 10}-${last}/${object.length}`);
    assert.deepEqual(across.rawPayload, object.subarray(boundary - 10, last + 1));

    const suffix = await harness.app.inject({ method: 'GET', url, headers: { range: 'bytes=-1500' } });
    assert.equal(suffix.statusCode, 206);
    assert.deepEqual(suffix.rawPayload, object.subarray(object.length - 1500));

    const past = await harness.app.inject({ method: 'GET', url, headers: { range: `bytes=${object.length}-` } });
    assert.equal(past.statusCode, 416);
    assert.equal(past.headers['content-range'], `bytes */${object.length}`);

    const cached = await harness.app.inject({ method: 'GET', url, headers: { 'if-none-match': expected } });
    assert.equal(cached.statusCode, 304);
  });

  it('lets exactly one of two racing completions to one key win; the other is refused with 409', async () => {
    const key = newKey(token.keyScope);
    const a = [Buffer.concat([SAMPLE.png, randomBytes(5000)]), randomBytes(7000)];
    const b = [Buffer.concat([SAMPLE.png, randomBytes(6000)]), randomBytes(2000), randomBytes(10)];
    const first = await sendParts(key, a);
    const second = await sendParts(key, b);
    const answers = await Promise.all([complete(key, first.uploadId, first.xml), complete(key, second.uploadId, second.xml)]);
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 409]);
    const winner = answers[0]?.statusCode === 200 ? a : b;
    const stored = await harness.app.inject({ method: 'GET', url: `/oss/${token.bucket}/${key}` });
    assert.equal(md5(stored.rawPayload), md5(Buffer.concat(winner)), 'the winner is stored whole, not mixed with the loser');
    assert.equal(stored.headers.etag, answers.find((answer) => answer.statusCode === 200)?.headers.etag);
    assert.deepEqual(fs.readdirSync(path.join(data.dir, 'storage', 'creator', 'tmp')), [], 'nothing of the loser is left');
  });
});
