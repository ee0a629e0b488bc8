/**
 * Test helpers: requests signed by ali-oss's own signing code (lib/common/signUtils.js), so the
 * tests prove compatibility with the library the browser uses, not with our reading of it. They sign
 * OSS V4 (as the browser does) unless a call asks for V1.
 */
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { body, signed } from '../../testing/signed';

interface SignUtils {
  buildCanonicalString(
    method: string,
    resource: string,
    request: { headers: Record<string, string>; parameters?: string | Record<string, string | number> },
  ): string;
  authorization(accessKeyId: string, secret: string, canonical: string, encoding?: string): string;
  authorizationV4(
    accessKeyId: string,
    secret: string,
    region: string,
    method: string,
    request: { headers: Record<string, string>; queries: Record<string, string | number | null> },
    bucket: string,
    key: string,
    additionalHeaders?: string[],
  ): string;
}

const signUtils = createRequire(import.meta.url)('ali-oss/lib/common/signUtils.js') as SignUtils;

export interface TestToken {
  regionId: string;
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  keyScope: string;
}

export async function fetchToken(app: FastifyInstance, token: string): Promise<TestToken> {
  const answer = body<TestToken>(await signed(app, { url: '/api/upload/tos/token', token }));
  if (answer.code !== 0) throw new Error(`token: ${answer.msg}`);
  return answer.data;
}

export interface OssCall {
  method: 'PUT' | 'POST' | 'DELETE';
  key: string;
  subres?: string | Record<string, string | number>;
  payload?: Buffer | string;
  contentType?: string;
  date?: Date;
  /** Signs with this secret instead (a forged signature). */
  secret?: string;
  sessionToken?: string;
  /** Signs for this region instead of the token's. */
  region?: string;
  /** Signs with OSS V1 (`Authorization: OSS …`), as ali-oss does without `authorizationV4`. */
  v1?: boolean;
}

/** `yyyymmddTHHMMssZ`, V4's x-oss-date. */
export const v4Date = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/** ali-oss's query of sub-resources: a name alone (`uploads`) is null, as ali-oss passes it. */
function queriesOf(subres: OssCall['subres']): Record<string, string | number | null> {
  if (typeof subres === 'string') return { [subres]: null };
  return Object.fromEntries(Object.entries(subres ?? {}).map(([name, value]) => [name, value === '' ? null : value]));
}

function signedHeaders(t: TestToken, call: OssCall): { headers: Record<string, string>; path: string } {
  const date = call.date ?? new Date();
  const headers: Record<string, string> = {
    'x-oss-date': call.v1 ? date.toUTCString() : v4Date(date),
    'x-oss-security-token': call.sessionToken ?? t.sessionToken,
    'x-oss-user-agent': 'aliyun-sdk-js/6.23.0',
  };
  if (!call.v1) headers['x-oss-content-sha256'] = 'UNSIGNED-PAYLOAD';
  if (call.contentType) headers['Content-Type'] = call.contentType;
  const secret = call.secret ?? t.secretAccessKey;
  if (call.v1) {
    const canonical = signUtils.buildCanonicalString(call.method, `/${t.bucket}/${call.key}`, { headers, ...(call.subres ? { parameters: call.subres } : {}) });
    headers.authorization = signUtils.authorization(t.accessKeyId, secret, canonical);
  } else {
    const region = (call.region ?? t.regionId).replace(/^oss-/, '');
    headers.authorization = signUtils.authorizationV4(
      t.accessKeyId,
      secret,
      region,
      call.method,
      { headers, queries: queriesOf(call.subres) },
      t.bucket,
      call.key,
    );
  }
  const query =
    typeof call.subres === 'string'
      ? call.subres
      : call.subres
        ? new URLSearchParams(Object.entries(call.subres).map(([k, v]) => [k, String(v)])).toString()
        : '';
  return { headers, path: `/oss/${t.bucket}/${call.key.split('/').map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}` };
}

export async function ossInject(app: FastifyInstance, t: TestToken, call: OssCall): Promise<LightMyRequestResponse> {
  const { headers, path } = signedHeaders(t, call);
  return app.inject({ method: call.method, url: path, headers, payload: call.payload ?? '' });
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * The same signed call over a real socket to a listening server, its body streamed (chunked,
 * unless `contentLength` is declared): what a browser's upload looks like to the server.
 */
export function ossHttp(origin: string, t: TestToken, call: Omit<OssCall, 'payload'> & { body?: Readable; contentLength?: number }): Promise<HttpAnswer> {
  const { headers, path } = signedHeaders(t, call);
  if (call.contentLength !== undefined) headers['content-length'] = String(call.contentLength);
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, origin), { method: call.method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        // Answered before the body was all sent (a refusal): stop sending the rest.
        if (call.body && !call.body.readableEnded) req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    // A server that answers before reading the whole body (a refusal) may close the socket under
    // the rest of it: the answer, already resolved, is what counts.
    if (call.body) pipeline(call.body, req).catch(() => undefined);
    else req.end();
  });
}

/** Smallest valid files of each kind, by their magic numbers. */
export const SAMPLE = {
  // Real, decodable 1×1 pictures that cleaning (features/media/clean-image.ts) writes back byte for
  // byte: so a test can upload one, clean it and still compare the served bytes with these.
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
    'hex',
  ),
  gif: Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'),
  jpeg: Buffer.from(
    'ffd8ffdb0043000302020302020303030304030304050805050404050a070706080c0a0c0c0b0a0b0b0d0e12100d0e110e0b0b1016101113141515150c0f171816141812141514ffdb00430103040405040509050509140d0b0d1414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414ffc00011080001000103012200021101031101ffc4001500010100000000000000000000000000000009ffc40014100100000000000000000000000000000000ffc40014010100000000000000000000000000000000ffc40014110100000000000000000000000000000000ffda000c03010002110311003f00aa6003ffd9',
    'hex',
  ),
  svg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
  text: Buffer.from('this is not an image at all'),
};

export function newKey(scope: string, ext = 'png', kind = 'image'): string {
  const hex = [...Array(32)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${kind}/20261122/${scope}/${hex}.${ext}`;
}
