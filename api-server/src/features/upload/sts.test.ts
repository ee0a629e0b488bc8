/**
 * STS AssumeRole for a real OSS bucket: the RPC signature against Alibaba Cloud's documented
 * example, the request built for a user, and the token route in bucket mode against a local server
 * standing in for STS, which checks the signature with its own code and answers as STS does.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { OssBucketConfig } from '../../config';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { STS_FAILED_MESSAGE } from '.';
import { assumeRoleParams, rpcSignature, rpcStringToSign, stsDurationSeconds, uploadPolicy } from './sts';

/**
 * How OSS evaluates a RAM/STS policy for one request: an explicit Deny wins, else some Allow must
 * match; in a resource or an action `*` matches any characters (slashes included) and `?` one.
 */
function policyAllows(policy: string, action: string, resource: string): boolean {
  const pattern = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    );
  const statements = (JSON.parse(policy) as { Statement: { Effect: string; Action: string[]; Resource: string[] }[] }).Statement;
  const matching = statements.filter((s) => s.Action.some((a) => pattern(a).test(action)) && s.Resource.some((r) => pattern(r).test(resource)));
  return !matching.some((s) => s.Effect === 'Deny') && matching.some((s) => s.Effect === 'Allow');
}

describe('STS request signature (RPC, HMAC-SHA1)', () => {
  it("reproduces Alibaba Cloud's documented example (DescribeRegions, secret testsecret)", () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    assert.equal(
      rpcStringToSign('GET', params),
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    assert.equal(rpcSignature('GET', params, 'testsecret'), 'OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it("percent-encodes as RFC 3986 (the characters encodeURIComponent leaves: !'()*, and spaces as %20)", () => {
    assert.match(rpcStringToSign('POST', { A: "it's (a) *b* !", B: '~x_y.z-' }), /A%3Dit%2527s%2520%2528a%2529%2520%252Ab%252A%2520%2521%26B%3D~x_y\.z-$/);
  });
});

const SETTINGS = {
  accessKeyId: 'LTAI-test-id',
  accessKeySecret: 'long-term-test-secret',
  stsRoleArn: 'acs:ram::1234567890:role/creator-upload',
  stsEndpoint: '',
};

describe('the AssumeRole request for a user', () => {
  it('limits the session to the one key of an upload grant', () => {
    assert.deepEqual(JSON.parse(uploadPolicy('media-bucket', 42, 'video/20261122/u42/0123456789abcdef0123456789abcdef.mp4')).Statement[0].Resource, [
      'acs:oss:*:*:media-bucket/video/20261122/u42/0123456789abcdef0123456789abcdef.mp4',
    ]);
    assert.throws(() => uploadPolicy('media-bucket', 42, 'video/20261122/u43/0123456789abcdef0123456789abcdef.mp4'), /outside the user scope/);
  });

  it('limits the session to uploads under the user key scope of keys.ts (no grant)', () => {
    assert.deepEqual(JSON.parse(uploadPolicy('media-bucket', 42)), {
      Version: '1',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['oss:PutObject', 'oss:AbortMultipartUpload', 'oss:ListParts'],
          Resource: ['acs:oss:*:*:media-bucket/*/*/u42/*'],
        },
        {
          Effect: 'Deny',
          Action: ['oss:PutObject', 'oss:AbortMultipartUpload', 'oss:ListParts'],
          Resource: ['acs:oss:*:*:media-bucket/clean/*'],
        },
      ],
    });
  });

  it("denies every session a write over the server's clean copies (clean/), which the scope pattern would match", () => {
    const clean = 'clean/image/20261122/u42/0123456789abcdef0123456789abcdef.jpg';
    const raw = 'image/20261122/u42/0123456789abcdef0123456789abcdef.jpg';
    const scopeWide = uploadPolicy('media-bucket', 42);
    assert.equal(policyAllows(scopeWide, 'oss:PutObject', `acs:oss:*:*:media-bucket/${raw}`), true);
    for (const action of ['oss:PutObject', 'oss:AbortMultipartUpload', 'oss:ListParts']) {
      assert.equal(policyAllows(scopeWide, action, `acs:oss:*:*:media-bucket/${clean}`), false, action);
    }
    const oneKey = uploadPolicy('media-bucket', 42, raw);
    assert.equal(policyAllows(oneKey, 'oss:PutObject', `acs:oss:*:*:media-bucket/${raw}`), true);
    assert.equal(policyAllows(oneKey, 'oss:PutObject', `acs:oss:*:*:media-bucket/${clean}`), false);
    assert.throws(() => uploadPolicy('media-bucket', 42, clean), /outside the user scope/);
  });

  it('carries the common and AssumeRole parameters, signed over all of them', () => {
    const params = assumeRoleParams(SETTINGS, { bucket: 'media-bucket', uid: 42, durationSeconds: 1800 }, Date.UTC(2026, 10, 22, 8, 30, 5, 123), 'nonce-1');
    const { Signature, ...rest } = params;
    assert.deepEqual(rest, {
      Action: 'AssumeRole',
      Version: '2015-04-01',
      Format: 'JSON',
      AccessKeyId: 'LTAI-test-id',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'nonce-1',
      Timestamp: '2026-11-22T08:30:05Z',
      RoleArn: 'acs:ram::1234567890:role/creator-upload',
      RoleSessionName: 'creator-u42',
      DurationSeconds: '1800',
      Policy: uploadPolicy('media-bucket', 42),
    });
    assert.equal(Signature, independentSignature('POST', rest, 'long-term-test-secret'));
  });

  it('takes the lifetime from the upload TTL, at least the 900 s STS accepts', () => {
    assert.equal(stsDurationSeconds(1_800_000), 1800);
    assert.equal(stsDurationSeconds(60_000), 900);
    assert.equal(stsDurationSeconds(100 * 3_600_000), 43_200);
  });
});

/** The stand-in's own reading of the documented algorithm (deliberately not sts.ts's code). */
function independentSignature(method: string, params: Record<string, string>, secret: string): string {
  const rfc3986 = (text: string): string =>
    [...Buffer.from(text, 'utf8')]
      .map((byte) => {
        const c = String.fromCharCode(byte);
        return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  const query = Object.entries(params)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${rfc3986('/')}&${rfc3986(query)}`)
    .digest('base64');
}

interface StsCall {
  params: Record<string, string>;
  signatureValid: boolean;
}

/** Answers AssumeRole as STS documents it; `refuse` makes it answer an STS error instead. */
function startFakeSts(): Promise<{ server: Server; url: string; calls: StsCall[]; refuse: { on: boolean } }> {
  const calls: StsCall[] = [];
  const refuse = { on: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const { Signature = '', ...signedParams } = params;
      const signatureValid = req.method === 'POST' && Signature === independentSignature('POST', signedParams, SETTINGS.accessKeySecret);
      calls.push({ params, signatureValid });
      res.setHeader('content-type', 'application/json;charset=utf-8');
      if (!signatureValid || refuse.on) {
        res.statusCode = refuse.on ? 403 : 400;
        res.end(
          JSON.stringify({
            RequestId: 'E1D6A3F2-0000-4000-8000-000000000001',
            HostId: 'sts.aliyuncs.com',
            Code: refuse.on ? 'NoPermission' : 'SignatureDoesNotMatch',
            Message: refuse.on
              ? 'You are not authorized to do this action. You should be authorized by RAM.'
              : 'Specified signature is not matched with our calculation.',
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          RequestId: '964A2A5F-0000-4000-8000-000000000002',
          AssumedRoleUser: { Arn: `${signedParams.RoleArn}/${signedParams.RoleSessionName}`, AssumedRoleId: '344584339364951186:creator-u1' },
          Credentials: {
            AccessKeyId: 'STS.NUgYrLnoC37mZZCNnAbez****',
            AccessKeySecret: 'CVwjCkNzTMupZ8NbTCxCBRq3K16jtcWFTJAyBEv2****',
            SecurityToken: 'CAISrQJ1q6Ft5B2yfSjIr5aAf****',
            Expiration: '2026-11-22T09:00:05Z',
          },
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, refuse })),
  );
}

describe('GET /api/upload/tos/token with an OSS bucket', () => {
  let sts: Awaited<ReturnType<typeof startFakeSts>>;
  let token: string;

  before(async () => {
    sts = await startFakeSts();
  });
  const harness = setUpTestApp({
    overrides: () => {
      const ossBucket: OssBucketConfig = {
        ...SETTINGS,
        stsEndpoint: sts.url,
        bucket: 'media-bucket',
        region: 'oss-cn-zhengzhou',
        endpoint: 'oss-cn-zhengzhou.aliyuncs.com',
        cname: false,
        publicBaseUrl: '',
      };
      return { ossBucket };
    },
  });
  before(async () => {
    token = await login(harness.app, '13800000001');
  });
  after(async () => {
    await new Promise((resolve) => sts.server.close(resolve));
  });

  it('answers STS credentials in the embedded answer shape, with the OSS host, region and bucket', async () => {
    const response = await signed(harness.app, { url: '/api/upload/tos/token', token, params: { kind: 'image', size: 1000, ext: 'png' } });
    assert.equal(response.headers['cache-control'], 'no-store');
    const answer = body<Record<string, string>>(response);
    assert.equal(answer.code, 0, answer.msg);
    assert.deepEqual(answer.data, {
      regionId: 'oss-cn-zhengzhou',
      endpoint: 'oss-cn-zhengzhou.aliyuncs.com',
      accessKeyId: 'STS.NUgYrLnoC37mZZCNnAbez****',
      secretAccessKey: 'CVwjCkNzTMupZ8NbTCxCBRq3K16jtcWFTJAyBEv2****',
      sessionToken: 'CAISrQJ1q6Ft5B2yfSjIr5aAf****',
      bucket: 'media-bucket',
      keyScope: answer.data.keyScope,
      expiration: '2026-11-22T09:00:05Z',
      key: answer.data.key,
    });
    assert.match(answer.data.keyScope ?? '', /^u\d+$/);
    assert.match(answer.data.key ?? '', new RegExp(`^image/\\d{8}/${answer.data.keyScope}/[0-9a-f]{32}\\.png$`));

    const call = sts.calls.at(-1);
    assert.ok(call?.signatureValid, 'the stand-in verified the signature');
    assert.equal(call.params.Action, 'AssumeRole');
    assert.equal(call.params.RoleSessionName, `creator-${answer.data.keyScope}`);
    assert.equal(call.params.DurationSeconds, '1800');
    // The session may write the one key granted, not the user's whole folder.
    assert.deepEqual(JSON.parse(call.params.Policy ?? '').Statement[0].Resource, [`acs:oss:*:*:media-bucket/${answer.data.key}`]);
  });

  it('answers a clear server error, without any secret, when STS refuses', async () => {
    sts.refuse.on = true;
    try {
      const response = await signed(harness.app, { url: '/api/upload/tos/token', token, params: { kind: 'image', size: 1000, ext: 'png' } });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { code: 1500, msg: STS_FAILED_MESSAGE, data: null });
      for (const secret of [SETTINGS.accessKeySecret, SETTINGS.accessKeyId, 'NoPermission']) assert.ok(!response.body.includes(secret), secret);
    } finally {
      sts.refuse.on = false;
    }
  });

  it('does not mount the embedded storage routes', async () => {
    const response = await harness.app.inject({ method: 'PUT', url: '/oss/media-bucket/image/20261122/u1/a.png', payload: 'x' });
    assert.notEqual(response.statusCode, 200);
    assert.doesNotMatch(response.body, /<Error>/);
  });
});
