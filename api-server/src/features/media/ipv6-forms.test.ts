import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE } from '../oss/oss-test-client';
import { parseCidrs, publicAddressRule } from './public-address';
import { FetchRefused, fetchPublic } from './safe-fetch';
import { TRANS_IMAGE_MESSAGES } from './trans-image';

/** A picture site on 127.0.0.1 that counts the requests it gets. */
async function startSite(): Promise<{ server: http.Server; port: number; hits: () => number }> {
  let hits = 0;
  const server = http.createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'image/png' }).end(SAMPLE.png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits: () => hits };
}

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof FetchRefused, String(error));
    return error.reason;
  }
  return 'fetched';
};

describe('IPv6 forms of an IPv4 address are judged as that IPv4 address', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  const data = tempDir('ipv6-forms');
  let token = '';
  const trans = async (url: string) => body<string>(await signed(harness.app, { method: 'POST', url: '/api/upload/tos/transImage', token, params: { url } }));

  before(async () => {
    site = await startSite();
  });
  // Only 127.0.0.1 itself is allowed: every other loopback address stays refused, in any spelling.
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, fetchAllowCidrs: ['127.0.0.1/32'] } });
  before(async () => {
    token = await login(harness.app, '13800000001');
  });
  after(async () => {
    site.server.closeAllConnections();
    site.server.close();
    data.remove();
  });

  it('refuses IPv4-compatible and IPv4-mapped forms of private and loopback addresses', () => {
    const rule = publicAddressRule();
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '0:0:0:0:0:0:127.0.0.1',
      '::ffff:127.0.0.1',
      '::10.0.0.1',
      '::a00:1',
      '::a9fe:a9fe',
      '::c0a8:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
    ]) {
      assert.equal(rule(address), false, address);
    }
    assert.equal(rule('::8.8.8.8'), true, 'a public IPv4 address is public in either form');
    const allowed = publicAddressRule(parseCidrs(['127.0.0.1/32']));
    for (const address of ['::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1']) assert.equal(allowed(address), true, address);
    assert.equal(allowed('::7f00:2'), false);
  });

  it('refuses them before connecting', async () => {
    const limits = { maxBytes: 1024, timeoutMs: 2_000, maxRedirects: 3 };
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[::ffff:127.0.0.1]']) {
      assert.equal(await refusal(fetchPublic(`http://${host}:${site.port}/a.png`, publicAddressRule(), limits)), 'address', host);
    }
    assert.equal(site.hits(), 0, 'the site was never reached');
  });

  it('re-hosts from such an address only when its IPv4 address may be fetched, and dials that address', async () => {
    for (const host of ['[::127.0.0.2]', '[::7f00:2]', '[::ffff:127.0.0.2]', '[::a9fe:a9fe]']) {
      const answer = await trans(`http://${host}:${site.port}/a.png`);
      assert.deepEqual([answer.code, answer.msg], [ApiCode.INVALID_PARAMS, TRANS_IMAGE_MESSAGES.address], host);
    }
    assert.equal(site.hits(), 0);
    const allowed = await trans(`http://[::127.0.0.1]:${site.port}/photo.png`);
    assert.equal(allowed.code, ApiCode.OK, allowed.msg);
    assert.equal(site.hits(), 1, 'fetched from 127.0.0.1, the address the rule judged');
  });
});
