import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE } from '../oss/oss-test-client';
import { TRANS_IMAGE_PER_MINUTE, TRANS_IMAGE_RATE_MESSAGE } from './index';
import { parseCidrs, publicAddressRule } from './public-address';
import { FetchRefused, fetchPublic } from './safe-fetch';
import { TRANS_IMAGE_MESSAGES } from './trans-image';

const VERIFIED = '13800000001';
const OTHER = '13800000006';

/** A local "external site": each path answers one way. It listens on 127.0.0.1, which the test app allows. */
function startSite(): Promise<{ server: http.Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    hits.push(url);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url === '/photo.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(SAMPLE.png);
    // The other site claims HTML, but the bytes are a GIF: the bytes decide.
    if (url === '/mislabelled') return void response.writeHead(200, { 'content-type': 'text/html' }).end(SAMPLE.gif);
    if (url === '/page.html') return void response.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
    if (url === '/vector.svg') return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SAMPLE.svg);
    if (url === '/missing.png') return void response.writeHead(404).end();
    if (url === '/huge-declared') return void response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(11 * 1024 * 1024) }).end();
    if (url === '/huge-streamed') {
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 11; i += 1) response.write(chunk);
      return void response.end();
    }
    if (url === '/to-metadata') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url === '/to-private') return void response.writeHead(301, { location: 'http://10.0.0.7/photo.png' }).end();
    if (url === '/to-loopback-v6') return void response.writeHead(307, { location: 'http://[::ffff:127.0.0.2]/photo.png' }).end();
    if (url === '/to-photo') return void response.writeHead(302, { location: `${origin}/photo.png` }).end();
    const loop = /^\/loop\/(\d+)$/.exec(url);
    if (loop) return void response.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
    if (url === '/slow') return; // never answers
    response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits })),
  );
}

describe('address rule', () => {
  const rule = publicAddressRule();
  it('refuses every non-public range, IPv4 and IPv6, including IPv4-mapped and embedded forms', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001::1',
      '2001:db8::1',
      'not-an-address',
      '',
    ];
    for (const address of refused) assert.equal(rule(address), false, address);
  });
  it('accepts public unicast addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '223.5.5.5', '2001:4860:4860::8888', '2400:3200::1']) assert.equal(rule(address), true, address);
  });
  it('lets an operator allow exactly the ranges they name, nothing next to them', () => {
    const allowed = publicAddressRule(parseCidrs(['127.0.0.1/32', '10.1.0.0/16']));
    assert.equal(allowed('127.0.0.1'), true);
    assert.equal(allowed('::ffff:127.0.0.1'), true);
    assert.equal(allowed('10.1.200.3'), true);
    assert.equal(allowed('127.0.0.2'), false);
    assert.equal(allowed('10.2.0.1'), false);
    assert.throws(() => parseCidrs(['10.0.0.0/33']));
  });
});

describe('fetchPublic', () => {
  const limits = { maxBytes: 1024, timeoutMs: 300, maxRedirects: 3 };
  const refusal = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise;
    } catch (error) {
      assert.ok(error instanceof FetchRefused, String(error));
      return error.reason;
    }
    assert.fail('expected a refusal');
  };
  it('checks every address a name resolves to, before connecting', async () => {
    const resolve = async () => ['93.184.216.34', '10.0.0.1'];
    assert.equal(await refusal(fetchPublic('http://mixed.example/x.png', publicAddressRule(), limits, resolve)), 'address');
  });
  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'gopher://example.com/',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://user:pw@example.com/a.png',
      'not a url',
    ]) {
      assert.equal(await refusal(fetchPublic(url, publicAddressRule(), limits)), 'url', url);
    }
  });
  it('gives up at the deadline on a site that never answers', async () => {
    const site = await startSite();
    try {
      const rule = publicAddressRule(parseCidrs(['127.0.0.1/32']));
      assert.equal(await refusal(fetchPublic(`${site.origin}/slow`, rule, limits)), 'timeout');
    } finally {
      site.server.closeAllConnections();
      site.server.close();
    }
  });
});

describe('POST /api/upload/tos/transImage', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  const data = tempDir('trans-image');
  const tokens: Record<string, string> = {};
  const trans = async (url: string, phone = VERIFIED) =>
    body<string>(await signed(harness.app, { method: 'POST', url: '/api/upload/tos/transImage', token: tokens[phone], params: { url } }));

  before(async () => {
    site = await startSite();
  });
  // Only the test site's own address is allowed: every other loopback or private address stays refused.
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, fetchAllowCidrs: ['127.0.0.1/32'] } });
  before(async () => {
    for (const phone of [VERIFIED, OTHER]) tokens[phone] = await login(harness.app, phone);
  });
  after(async () => {
    site.server.closeAllConnections();
    site.server.close();
    data.remove();
  });

  it("copies an external image onto our storage, under the caller's own scope, named by its content", async () => {
    const answer = await trans(`${site.origin}/photo.png`);
    assert.equal(answer.code, ApiCode.OK, answer.msg);
    assert.match(answer.data, /^\/oss\/[^/]+\/clean\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.png$/);
    const stored = await harness.app.inject({ method: 'GET', url: answer.data });
    assert.equal(stored.statusCode, 200);
    assert.deepEqual(stored.rawPayload, SAMPLE.png);
    assert.match(String(stored.headers['content-type']), /^image\/png/);
    assert.equal((await trans(`${site.origin}/photo.png`)).data, answer.data, 'the same picture is stored once');
    assert.equal((await trans(answer.data)).data, answer.data, 'our own URL comes back as it is, without a fetch');
  });

  it('follows a redirect to a public (allowed) address and decides the type by the bytes', async () => {
    assert.match((await trans(`${site.origin}/to-photo`)).data, /\.png$/);
    assert.match((await trans(`${site.origin}/mislabelled`)).data, /\.gif$/);
  });

  it('refuses redirects to private, metadata and mapped loopback addresses, and redirect loops', async () => {
    for (const path of ['/to-metadata', '/to-private', '/to-loopback-v6']) {
      const answer = await trans(`${site.origin}${path}`);
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, path);
      assert.equal(answer.msg, TRANS_IMAGE_MESSAGES.address, path);
    }
    assert.equal((await trans(`${site.origin}/loop/0`)).msg, TRANS_IMAGE_MESSAGES.redirects);
    assert.ok(!site.hits.some((hit) => hit === '/loop/5'), 'stopped following after three redirects');
  });

  it('refuses private and loopback addresses named directly', async () => {
    for (const url of [
      'http://127.0.0.2/a.png',
      'http://[::1]/a.png',
      'http://169.254.169.254/',
      'http://10.1.2.3/a.png',
      'http://0.0.0.0/a.png',
      'http://[::ffff:192.168.0.1]/a.png',
      'http://2130706434/a.png',
    ]) {
      const answer = await trans(url, OTHER);
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, url);
      assert.equal(answer.msg, TRANS_IMAGE_MESSAGES.address, url);
    }
  });

  it('refuses what is not a jpg, png or gif (HTML, SVG), bodies over 10 MB, and error answers', async () => {
    assert.equal((await trans(`${site.origin}/page.html`)).msg, TRANS_IMAGE_MESSAGES.notImage);
    assert.equal((await trans(`${site.origin}/vector.svg`)).msg, TRANS_IMAGE_MESSAGES.notImage);
    assert.equal((await trans(`${site.origin}/huge-declared`)).msg, TRANS_IMAGE_MESSAGES.size);
    assert.equal((await trans(`${site.origin}/huge-streamed`)).msg, TRANS_IMAGE_MESSAGES.size);
    assert.equal((await trans(`${site.origin}/missing.png`)).msg, TRANS_IMAGE_MESSAGES.status);
    assert.equal((await trans('file:///etc/passwd')).msg, TRANS_IMAGE_MESSAGES.url);
  });

  it('needs a session', async () => {
    const anonymous = body(await signed(harness.app, { method: 'POST', url: '/api/upload/tos/transImage', params: { url: `${site.origin}/photo.png` } }));
    assert.notEqual(anonymous.code, ApiCode.OK);
  });

  it(`allows at most ${TRANS_IMAGE_PER_MINUTE} re-hosts a minute per user`, async () => {
    const fresh = await login(harness.app, '13800000007');
    let last = { code: 0, msg: '' };
    for (let i = 0; i <= TRANS_IMAGE_PER_MINUTE; i += 1) {
      last = body(await signed(harness.app, { method: 'POST', url: '/api/upload/tos/transImage', token: fresh, params: { url: 'ftp://example.com/a.png' } }));
    }
    assert.equal(last.code, ApiCode.TOO_MANY_ATTEMPTS);
    assert.equal(last.msg, TRANS_IMAGE_RATE_MESSAGE);
    assert.equal((await trans(`${site.origin}/photo.png`)).code, ApiCode.OK, 'other users are not affected');
  });
});
