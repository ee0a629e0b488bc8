/**
 * What a browser sends, over real HTTP: signed calls (shared-sdk's signing) and storage writes
 * signed by ali-oss's own code with the credentials the server minted.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { ApiEnvelope, TosToken } from 'shared-sdk/contract';
import { signParams } from '../src/testing/signed';

export const APP_ID = 'creator-web';
export const APP_SECRET = 'scale-out-signing-secret';

/** A client address per call unless one is given: nginx passes it on, the replicas trust nginx. */
const someAddress = () => `10.${randomBytes(3).join('.')}`;

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
  params?: Record<string, string | number>;
  token?: string;
  address?: string;
}

export interface Answer<T> {
  status: number;
  body: ApiEnvelope<T> | null;
}

export async function call<T = unknown>(base: string, c: Call): Promise<Answer<T>> {
  const method = c.method ?? 'GET';
  const params = signParams({ method, url: c.path, params: c.params, token: c.token, appId: APP_ID, secret: APP_SECRET });
  const headers = { 'x-forwarded-for': c.address ?? someAddress() };
  const response =
    method === 'GET'
      ? await fetch(`${base}${c.path}?${new URLSearchParams(params)}`, { headers })
      : await fetch(`${base}${c.path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params).toString(),
        });
  const text = await response.text();
  let body: ApiEnvelope<T> | null = null;
  try {
    body = JSON.parse(text) as ApiEnvelope<T>;
  } catch {
    // nginx's own error pages are HTML.
  }
  return { status: response.status, body };
}

/** The data of a successful call, or an error naming what came back. */
export async function data<T>(base: string, c: Call): Promise<T> {
  const answer = await call<T>(base, c);
  if (answer.status !== 200 || answer.body?.code !== 0) throw new Error(`${c.path}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function login(base: string, phone: string, password: string): Promise<string> {
  return (await data<{ token: string }>(base, { method: 'POST', path: '/login/admin/login', params: { phone, password } })).token;
}

interface SignUtils {
  authorizationV4(
    accessKeyId: string,
    secret: string,
    region: string,
    method: string,
    request: { headers: Record<string, string>; queries: Record<string, string> },
    bucket: string,
    key: string,
  ): string;
}
const signUtils = createRequire(import.meta.url)('ali-oss/lib/common/signUtils.js') as SignUtils;

export const newKey = (scope: string, kind: string, ext: string): string => `${kind}/20261126/${scope}/${randomBytes(16).toString('hex')}.${ext}`;

/**
 * PUTs `body` to the embedded storage at `base`, `chunks` pieces `gapMs` apart (a slow client keeps
 * the request in flight), signed as ali-oss signs in the browser.
 */
export function putObject(base: string, t: TosToken, key: string, body: Buffer, contentType: string, slow = { chunks: 1, gapMs: 0 }): Promise<number> {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    // OSS signature V4, as ali-oss signs it with `authorizationV4` (yyyymmddTHHMMssZ).
    'x-oss-date': new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}Z$/, 'Z'),
    'x-oss-content-sha256': 'UNSIGNED-PAYLOAD',
    'x-oss-security-token': t.sessionToken,
  };
  const region = t.regionId.replace(/^oss-/, '');
  headers.authorization = signUtils.authorizationV4(t.accessKeyId, t.secretAccessKey, region, 'PUT', { headers, queries: {} }, t.bucket, key);
  const url = new URL(`${base}/oss/${t.bucket}/${key}`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(body.length) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    const size = Math.ceil(body.length / slow.chunks);
    let sent = 0;
    const next = () => {
      request.write(body.subarray(sent, sent + size));
      sent += size;
      if (sent >= body.length) request.end();
      else setTimeout(next, slow.gapMs);
    };
    next();
  });
}
