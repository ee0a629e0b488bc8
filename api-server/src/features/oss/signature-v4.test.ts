/**
 * OSS signature V4 in the embedded storage.
 *
 * 1. Fixed vectors: the examples of Alibaba Cloud's V4 documentation (the Authorization header and
 *    the presigned URL it shows, whose secrets are masked, so they are parsed, not recomputed), and
 *    the signatures Alibaba Cloud's own Go SDK (v2) pins in its signer tests, computed by another
 *    implementation than ali-oss: the canonical request, string to sign and signature here must
 *    produce them, and the storage must accept those requests at their moment.
 * 2. The real ali-oss Node client in V4 mode (`authorizationV4: true`, as the browser's) against the
 *    embedded storage listening on a local port: put, multipart upload, ranged get, head, a presigned
 *    PUT, and each refusal (wrong region, expired credentials, expired presigned URL, tampered signed
 *    header, V1 when not allowed), then V1 accepted where OSS_ALLOW_V1_SIGNATURE allows it.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { mintCredentials, uploadSecret } from '../upload/credentials';
import { type Authorized, type OssTarget, type StorageAccess, authorizeRequest } from './authorize';
import { type TestToken, SAMPLE, fetchToken, newKey } from './oss-test-client';
import { encodeRfc3986, parseV4Authorization, parseV4Credential, v4CanonicalRequest, v4DateTime, v4Signature, v4StringToSign } from './signature';

// ---------------------------------------------------------------------------------------------
// 1. Vectors

/** The request of the Go SDK's V4 signer tests: PUT bucket/1234+-/123/1.txt with these headers and query. */
const GO_HEADERS = { 'x-oss-head1': 'value', abc: 'value', zabc: 'value', xyz: 'value' };
const GO_QUERY: Array<[string, string]> = [
  ['param1', 'value1'],
  ['+param1', 'value3'],
  ['|param1', 'value4'],
  ['+param2', ''],
  ['|param2', ''],
  ['param2', ''],
];
const AT = (unix: number) => new Date(unix * 1000);

/** A request as the storage's checks read it. */
function fakeRequest(method: string, headers: Record<string, string>): FastifyRequest {
  return { method, headers } as unknown as FastifyRequest;
}

const GO_KEY: StorageAccess = { operatorKey: { accessKeyId: 'ak', accessKeySecret: 'sk' }, region: 'cn-hangzhou', allowV1: false };
const goTarget = (extra: Array<[string, string]> = []): OssTarget => ({
  bucket: 'bucket',
  key: '1234+-/123/1.txt',
  query: new URLSearchParams([...GO_QUERY, ...extra]),
});

describe('OSS V4 signature: fixed vectors', () => {
  it("parses the documentation's Authorization header example", () => {
    const example =
      'OSS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20231203/cn-hangzhou/oss/aliyun_v4_request,AdditionalHeaders=host;userdefine,Signature=4b663e424d2db9967401ff6ce1c86f8c83cabd77d9908475239d9110642c63fa';
    assert.deepEqual(parseV4Authorization(example), {
      credential: { accessKeyId: 'AKIDEXAMPLE', date: '20231203', region: 'cn-hangzhou', product: 'oss', terminator: 'aliyun_v4_request' },
      additionalHeaders: ['host', 'userdefine'],
      signature: '4b663e424d2db9967401ff6ce1c86f8c83cabd77d9908475239d9110642c63fa',
    });
    // The format line of the documentation puts a space after each comma.
    assert.equal(parseV4Authorization(example.replace(/,/g, ', '))?.additionalHeaders.join(';'), 'host;userdefine');
    assert.equal(parseV4Authorization(example.replace('Signature=', 'Signatur=')), null);
  });

  it("parses the documentation's presigned URL example", () => {
    const url = new URL(
      'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject?x-oss-additional-headers=host&x-oss-credential=LTAI********************%2F20241203%2Fcn-hangzhou%2Foss%2Faliyun_v4_request&x-oss-date=20241203T034420Z&x-oss-expires=86400&x-oss-signature=70c542eaf652ac291c0c343d63ac24ede41c0526661d9d4c63c0906a2686160c&x-oss-signature-version=OSS4-HMAC-SHA256',
    );
    assert.deepEqual(parseV4Credential(url.searchParams.get('x-oss-credential') ?? ''), {
      accessKeyId: 'LTAI********************',
      date: '20241203',
      region: 'cn-hangzhou',
      product: 'oss',
      terminator: 'aliyun_v4_request',
    });
  });

  it('computes the Go SDK v2 header vector (no token), and the storage accepts that request at its moment', () => {
    const datetime = v4DateTime(AT(1702743657));
    assert.equal(datetime, '20231216T162057Z');
    const headers = { ...GO_HEADERS, 'content-type': 'text/plain', 'x-oss-content-sha256': 'UNSIGNED-PAYLOAD', 'x-oss-date': datetime };
    const canonical = v4CanonicalRequest({ method: 'PUT', bucket: 'bucket', key: '1234+-/123/1.txt', query: GO_QUERY, headers, additionalHeaders: [] });
    assert.equal(
      canonical,
      [
        'PUT',
        '/bucket/1234%2B-/123/1.txt',
        '%2Bparam1=value3&%2Bparam2&%7Cparam1=value4&%7Cparam2&param1=value1&param2',
        'content-type:text/plain\nx-oss-content-sha256:UNSIGNED-PAYLOAD\nx-oss-date:20231216T162057Z\nx-oss-head1:value\n',
        '',
        'UNSIGNED-PAYLOAD',
      ].join('\n'),
    );
    const stringToSign = v4StringToSign(datetime, 'cn-hangzhou', canonical);
    assert.match(stringToSign, /^OSS4-HMAC-SHA256\n20231216T162057Z\n20231216\/cn-hangzhou\/oss\/aliyun_v4_request\n[0-9a-f]{64}$/);
    const signature = v4Signature('sk', '20231216', 'cn-hangzhou', stringToSign);
    assert.equal(signature, 'e21d18daa82167720f9b1047ae7e7f1ce7cb77a31e8203a7d5f4624fa0284afe');

    const authorization = `OSS4-HMAC-SHA256 Credential=ak/20231216/cn-hangzhou/oss/aliyun_v4_request,Signature=${signature}`;
    const request = fakeRequest('PUT', { ...headers, authorization });
    assert.deepEqual(authorizeRequest(request, goTarget(), GO_KEY, AT(1702743657).getTime()), { ok: true, grant: null });
    // Sixteen minutes later the same request is refused for the clock; in another region, for the scope.
    const late = authorizeRequest(request, goTarget(), GO_KEY, AT(1702743657 + 16 * 60).getTime());
    assert.equal(!late.ok && late.code, 'RequestTimeTooSkewed');
    assert.ok(!late.ok && late.extra?.ServerTime, 'the server time, which ali-oss corrects its clock with');
    const elsewhere = authorizeRequest(request, goTarget(), { ...GO_KEY, region: 'cn-shanghai' }, AT(1702743657).getTime());
    assert.deepEqual(!elsewhere.ok && [elsewhere.status, elsewhere.code], [400, 'InvalidArgument']);
    const otherDay = fakeRequest('PUT', { ...headers, authorization: authorization.replace('/20231216/', '/20231215/') });
    const dated = authorizeRequest(otherDay, goTarget(), GO_KEY, AT(1702743657).getTime());
    assert.match(!dated.ok ? dated.message : '', /date of the credential scope/);
  });

  it('computes the Go SDK v2 header vectors with a security token and with additional headers', () => {
    const token = {
      ...GO_HEADERS,
      'content-type': 'text/plain',
      'x-oss-content-sha256': 'UNSIGNED-PAYLOAD',
      'x-oss-date': v4DateTime(AT(1702784856)),
      'x-oss-security-token': 'token',
    };
    const tokenCanonical = v4CanonicalRequest({
      method: 'PUT',
      bucket: 'bucket',
      key: '1234+-/123/1.txt',
      query: GO_QUERY,
      headers: token,
      additionalHeaders: [],
    });
    assert.equal(
      v4Signature('sk', '20231217', 'cn-hangzhou', v4StringToSign('20231217T034736Z', 'cn-hangzhou', tokenCanonical)),
      'b94a3f999cf85bcdc00d332fbd3734ba03e48382c36fa4d5af5df817395bd9ea',
    );

    const datetime = v4DateTime(AT(1702747512));
    const headers = { ...GO_HEADERS, 'content-type': 'text/plain', 'x-oss-content-sha256': 'UNSIGNED-PAYLOAD', 'x-oss-date': datetime };
    const canonical = v4CanonicalRequest({
      method: 'PUT',
      bucket: 'bucket',
      key: '1234+-/123/1.txt',
      query: GO_QUERY,
      headers,
      additionalHeaders: ['abc', 'zabc'],
    });
    assert.match(canonical, /\nabc:value\ncontent-type:text\/plain\n[\s\S]*x-oss-head1:value\nzabc:value\n\nabc;zabc\nUNSIGNED-PAYLOAD$/);
    const signature = v4Signature('sk', '20231216', 'cn-hangzhou', v4StringToSign(datetime, 'cn-hangzhou', canonical));
    assert.equal(signature, '4a4183c187c07c8947db7620deb0a6b38d9fbdd34187b6dbaccb316fa251212f');
    const authorization = `OSS4-HMAC-SHA256 Credential=ak/20231216/cn-hangzhou/oss/aliyun_v4_request,AdditionalHeaders=abc;zabc,Signature=${signature}`;
    assert.deepEqual(authorizeRequest(fakeRequest('PUT', { ...headers, authorization }), goTarget(), GO_KEY, AT(1702747512).getTime()), {
      ok: true,
      grant: null,
    });
    // An additional header changed on the way no longer matches.
    const tampered = authorizeRequest(fakeRequest('PUT', { ...headers, zabc: 'other', authorization }), goTarget(), GO_KEY, AT(1702747512).getTime());
    assert.equal(!tampered.ok && tampered.code, 'SignatureDoesNotMatch');
    assert.match(!tampered.ok ? (tampered.extra?.StringToSign ?? '') : '', /^OSS4-HMAC-SHA256\n20231216T172512Z\n/);
  });

  /** The Go SDK's presigned-URL vectors: the query carries the scope; the request's own headers are signed. */
  const presigned = (unix: number, extra: Array<[string, string]>) => {
    const datetime = v4DateTime(AT(unix));
    const query: Array<[string, string]> = [
      ...GO_QUERY,
      ...extra,
      ['x-oss-signature-version', 'OSS4-HMAC-SHA256'],
      ['x-oss-date', datetime],
      ['x-oss-expires', '599'],
      ['x-oss-credential', `ak/${datetime.slice(0, 8)}/cn-hangzhou/oss/aliyun_v4_request`],
    ];
    return { datetime, query };
  };

  it('computes the Go SDK v2 presigned-URL vectors, and the storage accepts them within their lifetime only', () => {
    const headers = { ...GO_HEADERS, 'content-type': 'application/octet-stream' };
    const cases: Array<{ unix: number; extra: Array<[string, string]>; additional: string[]; signature: string }> = [
      { unix: 1702781677, extra: [], additional: [], signature: 'a39966c61718be0d5b14e668088b3fa07601033f6518ac7b523100014269c0fe' },
      {
        unix: 1702785388,
        extra: [['x-oss-security-token', 'token']],
        additional: [],
        signature: '3817ac9d206cd6dfc90f1c09c00be45005602e55898f26f5ddb06d7892e1f8b5',
      },
      {
        unix: 1702783809,
        extra: [['x-oss-additional-headers', 'abc;zabc']],
        additional: ['abc', 'zabc'],
        signature: '6bd984bfe531afb6db1f7550983a741b103a8c58e5e14f83ea474c2322dfa2b7',
      },
    ];
    for (const { unix, extra, additional, signature } of cases) {
      const { datetime, query } = presigned(unix, extra);
      const canonical = v4CanonicalRequest({ method: 'PUT', bucket: 'bucket', key: '1234+-/123/1.txt', query, headers, additionalHeaders: additional });
      assert.equal(v4Signature('sk', datetime.slice(0, 8), 'cn-hangzhou', v4StringToSign(datetime, 'cn-hangzhou', canonical)), signature, datetime);
    }
    const [first] = cases;
    assert.ok(first);
    const { query } = presigned(first.unix, []);
    const target: OssTarget = { bucket: 'bucket', key: '1234+-/123/1.txt', query: new URLSearchParams([...query, ['x-oss-signature', first.signature]]) };
    const at = (seconds: number): Authorized => authorizeRequest(fakeRequest('PUT', headers), target, GO_KEY, AT(first.unix + seconds).getTime());
    assert.deepEqual(at(598), { ok: true, grant: null });
    const expired = at(600);
    assert.deepEqual(!expired.ok && [expired.status, expired.code, expired.message], [403, 'AccessDenied', 'Request has expired.']);
    const changed = authorizeRequest(fakeRequest('PUT', { ...headers, 'content-type': 'text/html' }), target, GO_KEY, AT(first.unix).getTime());
    assert.equal(!changed.ok && changed.code, 'SignatureDoesNotMatch');
  });

  it('encodes names as RFC 3986 and as ali-oss does', () => {
    const encodeString = createRequire(import.meta.url)('ali-oss/lib/common/utils/encodeString.js') as { encodeString: (text: string) => string };
    for (const text of ["page_(1)'s.png", 'a b+c/d*e!f~g', '照片.jpg', '%2F']) assert.equal(encodeRfc3986(text), encodeString.encodeString(text));
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The real ali-oss client

interface AliResponse {
  status: number;
  headers: Record<string, string | undefined>;
}
interface AliClient {
  urllib: { request(url: string, params: { headers: Record<string, string> }): Promise<unknown> };
  put(name: string, body: Buffer, options?: { mime?: string; headers?: Record<string, string> }): Promise<{ res: AliResponse }>;
  multipartUpload(name: string, body: Buffer, options: { partSize: number; parallel: number; mime?: string }): Promise<{ res: AliResponse }>;
  get(name: string, options?: { headers?: Record<string, string> }): Promise<{ content: Buffer; res: AliResponse }>;
  head(name: string): Promise<{ res: AliResponse }>;
  signatureUrlV4(method: string, expires: number, request: { headers?: Record<string, string> }, name: string): Promise<string>;
}
type AliOptions = Record<string, unknown>;
const AliOss = createRequire(import.meta.url)('ali-oss') as new (options: AliOptions) => AliClient;

/** ali-oss as the browser's helper builds it: path-style on the storage's origin, `/oss` put in front. */
function aliClient(origin: string, t: TestToken, options: AliOptions = {}): AliClient {
  const client = new AliOss({
    accessKeyId: t.accessKeyId,
    accessKeySecret: t.secretAccessKey,
    stsToken: t.sessionToken,
    refreshSTSToken: async () => ({ accessKeyId: t.accessKeyId, accessKeySecret: t.secretAccessKey, stsToken: t.sessionToken }),
    bucket: t.bucket,
    region: t.regionId,
    authorizationV4: true,
    endpoint: origin,
    sldEnable: true,
    ...options,
  });
  const transport = client.urllib;
  client.urllib = { request: (url, params) => transport.request(withOssPath(url), params) };
  return client;
}

function withOssPath(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/oss${parsed.pathname}`;
  return parsed.toString();
}

/** What ali-oss threw: the OSS error code and HTTP status it read from the answer. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; ec?: string }> {
  try {
    await call;
  } catch (error) {
    const failure = error as { status: number; code: string; ecCode?: string };
    return { status: failure.status, code: failure.code, ...(failure.ecCode ? { ec: failure.ecCode } : {}) };
  }
  throw new Error('the call was not refused');
}

describe('the real ali-oss client (V4) against the embedded storage', () => {
  let origin: string;
  let token: TestToken;
  const data = tempDir('oss-v4');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
  });

  it('puts an object and reads it back with a signed head and ranged get', async () => {
    const client = aliClient(origin, token);
    const key = newKey(token.keyScope);
    assert.equal((await client.put(key, SAMPLE.png, { mime: 'image/png' })).res.status, 200);
    const head = await client.head(key);
    assert.deepEqual([head.res.status, head.res.headers['content-length'], head.res.headers['content-type']], [200, String(SAMPLE.png.length), 'image/png']);
    const part = await client.get(key, { headers: { Range: 'bytes=1-3' } });
    assert.deepEqual([part.res.status, part.res.headers['content-range']], [206, `bytes 1-3/${SAMPLE.png.length}`]);
    assert.deepEqual(part.content, SAMPLE.png.subarray(1, 4));
    assert.deepEqual(Buffer.from(await (await fetch(`${origin}/oss/${token.bucket}/${key}`)).arrayBuffer()), SAMPLE.png, 'served to anyone');
  });

  it('assembles a multipart upload of several parts', async () => {
    const client = aliClient(origin, token);
    const key = newKey(token.keyScope);
    const body = Buffer.concat([SAMPLE.png, Buffer.alloc(250 * 1024, 7)]);
    assert.equal((await client.multipartUpload(key, body, { partSize: 100 * 1024, parallel: 2, mime: 'image/png' })).res.status, 200);
    const got = await client.get(key);
    assert.deepEqual(got.content, body);
    assert.match(got.res.headers.etag ?? '', /-3"$/, 'three parts');
  });

  it('takes a presigned PUT within its lifetime and refuses it once expired', async () => {
    const client = aliClient(origin, token);
    const key = newKey(token.keyScope);
    const fresh = withOssPath(await client.signatureUrlV4('PUT', 60, { headers: { 'content-type': 'image/png' } }, key));
    assert.match(fresh, /x-oss-signature-version=OSS4-HMAC-SHA256/);
    const put = await fetch(fresh, { method: 'PUT', body: new Uint8Array(SAMPLE.png), headers: { 'content-type': 'image/png' } });
    assert.equal(put.status, 200, await put.text());

    const shortLived = withOssPath(await client.signatureUrlV4('PUT', 1, { headers: { 'content-type': 'image/png' } }, newKey(token.keyScope)));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await fetch(shortLived, { method: 'PUT', body: new Uint8Array(SAMPLE.png), headers: { 'content-type': 'image/png' } });
    const text = await late.text();
    assert.equal(late.status, 403);
    assert.match(text, /<Code>AccessDenied<\/Code><Message>Request has expired.<\/Message>.*<Expires>.*<ServerTime>/);

    const forged = new URL(fresh);
    forged.pathname = forged.pathname.replace(/[0-9a-f]{32}\.png$/, '0123456789abcdef0123456789abcdef.png');
    const moved = await fetch(forged, { method: 'PUT', body: new Uint8Array(SAMPLE.png), headers: { 'content-type': 'image/png' } });
    assert.deepEqual([moved.status, /<Code>SignatureDoesNotMatch<\/Code>/.test(await moved.text())], [403, true], 'the URL signs its key');
  });

  it('refuses a wrong region, expired credentials and a signed header changed on the way', async () => {
    const key = newKey(token.keyScope);
    const wrongRegion = await refusal(aliClient(origin, token, { region: 'oss-cn-hangzhou' }).put(key, SAMPLE.png));
    assert.deepEqual(wrongRegion, { status: 400, code: 'InvalidArgument' });

    const expired = { ...token, ...mintCredentials(uploadSecret(), { uid: 1, sessionId: 1 }, 1000, Date.now() - 10_000) };
    assert.deepEqual(await refusal(aliClient(origin, expired).put(key, SAMPLE.png)), { status: 403, code: 'SecurityTokenExpired' });

    const tampering = aliClient(origin, token);
    const transport = tampering.urllib;
    tampering.urllib = {
      request: (url, params) => transport.request(url, { ...params, headers: { ...params.headers, 'x-oss-meta-author': 'mallory' } }),
    };
    const tampered = await refusal(tampering.put(key, SAMPLE.png, { headers: { 'x-oss-meta-author': 'alice' } }));
    assert.deepEqual(tampered, { status: 403, code: 'SignatureDoesNotMatch' });
    assert.equal((await fetch(`${origin}/oss/${token.bucket}/${key}`)).status, 404, 'nothing was stored');
  });

  it('refuses V1 signatures, and a signed read with a bad signature', async () => {
    const key = newKey(token.keyScope);
    const v1 = await refusal(aliClient(origin, token, { authorizationV4: false }).put(key, SAMPLE.png));
    assert.deepEqual(v1, { status: 403, code: 'AccessDenied', ec: '0002-00000080' });
    const answer = await fetch(`${origin}/oss/${token.bucket}/${key}`, { method: 'PUT', headers: { authorization: `OSS ${token.accessKeyId}:x` } });
    assert.match(await answer.text(), /V1 signature is not supported/);

    await aliClient(origin, token).put(key, SAMPLE.png);
    const behindProxy = await fetch(`${origin}/oss/${token.bucket}/${key}`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    assert.equal(behindProxy.status, 200, "another scheme's credentials are not a signature: the public read is served");
    const badRead = await refusal(aliClient(origin, { ...token, secretAccessKey: 'not-the-secret' }).get(key));
    assert.deepEqual(badRead, { status: 403, code: 'SignatureDoesNotMatch' });
  });
});

describe('the embedded storage with OSS_ALLOW_V1_SIGNATURE', () => {
  const data = tempDir('oss-v1');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, ossAllowV1Signature: true }, cleanUp: [data.remove] });

  before(async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('accepts V1 from clients not yet moved, and V4 as well', async () => {
    const origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    const token = await fetchToken(harness.app, await login(harness.app, '13800000001'));
    for (const authorizationV4 of [false, true]) {
      const key = newKey(token.keyScope);
      assert.equal((await aliClient(origin, token, { authorizationV4 }).put(key, SAMPLE.png, { mime: 'image/png' })).res.status, 200);
      assert.equal((await fetch(`${origin}/oss/${token.bucket}/${key}`)).status, 200);
    }
    const forged = await refusal(aliClient(origin, { ...token, secretAccessKey: 'wrong' }, { authorizationV4: false }).put(newKey(token.keyScope), SAMPLE.png));
    assert.deepEqual(forged, { status: 403, code: 'SignatureDoesNotMatch' });
  });
});
