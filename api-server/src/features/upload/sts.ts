/**
 * Upload credentials for a real OSS bucket: Alibaba Cloud STS AssumeRole (RPC style, version
 * 2015-04-01), called with the operator's long-term key, with an inline policy that narrows the
 * role to one user's key scope. No SDK: the RPC signature is a few lines (rpcSignature below):
 *   StringToSign = METHOD & percentEncode("/") & percentEncode(canonicalized query)
 *   Signature    = base64(hmac-sha1(AccessKeySecret + "&", StringToSign))
 * where the canonicalized query is the parameters sorted by name, each `percentEncode(name)=
 * percentEncode(value)`, joined by `&`, and percentEncode is RFC 3986 (only A-Z a-z 0-9 - _ . ~
 * left as they are; a space is %20).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { UploadCredentials } from './credentials';
import { scopeFor } from './credentials';
import { CLEAN_PREFIX, keyInScope } from './keys';

export interface StsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  stsRoleArn: string;
  /** `https://sts.aliyuncs.com` unless configured otherwise. */
  stsEndpoint: string;
}

export interface UploadRoleRequest {
  bucket: string;
  uid: number;
  durationSeconds: number;
  /** The one object key the session may write (an upload grant, grants.ts); else the user's whole scope. */
  key?: string;
}

/** STS accepts 900 s to the role's maximum session duration (at most 43200 s). */
export const STS_MIN_SECONDS = 900;
export const STS_MAX_SECONDS = 43_200;

export function stsDurationSeconds(ttlMs: number): number {
  return Math.min(STS_MAX_SECONDS, Math.max(STS_MIN_SECONDS, Math.ceil(ttlMs / 1000)));
}

/** RFC 3986 percent-encoding, as the RPC signature requires (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalizedQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

export function rpcStringToSign(method: string, params: Readonly<Record<string, string>>): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
}

export function rpcSignature(method: string, params: Readonly<Record<string, string>>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(rpcStringToSign(method, params), 'utf8').digest('base64');
}

/**
 * The OSS actions an upload needs: PutObject (OSS also authorizes InitiateMultipartUpload,
 * UploadPart and CompleteMultipartUpload as oss:PutObject), AbortMultipartUpload and ListParts.
 */
export const UPLOAD_ACTIONS = ['oss:PutObject', 'oss:AbortMultipartUpload', 'oss:ListParts'] as const;

/**
 * The OSS resource the session may write: the one key of an upload grant (grants.ts: the server
 * chose it, under the user's scope), or else the per-user scope of keys.ts,
 * `<bucket>/<kind>/<date>/u<uid>/<name>`.
 */
export function uploadResource(bucket: string, uid: number, key?: string): string {
  if (key !== undefined) {
    if (!keyInScope(key, scopeFor(uid))) throw new Error('an upload grant outside the user scope');
    return `acs:oss:*:*:${bucket}/${key}`;
  }
  return `acs:oss:*:*:${bucket}/*/*/${scopeFor(uid)}/*`;
}

/**
 * The server's clean copies (keys.ts, `clean/…`): denied to every session explicitly. The scope-wide
 * pattern `*\/*\/u<uid>/*` would match `clean/image/<date>/u<uid>/…` too (OSS's `*` spans slashes),
 * and a Deny wins over any Allow, the role's own policies included.
 */
export function cleanCopiesResource(bucket: string): string {
  return `acs:oss:*:*:${bucket}/${CLEAN_PREFIX}*`;
}

/** The inline policy: the session gets the intersection of the role's policies and this one. */
export function uploadPolicy(bucket: string, uid: number, key?: string): string {
  return JSON.stringify({
    Version: '1',
    Statement: [
      { Effect: 'Allow', Action: [...UPLOAD_ACTIONS], Resource: [uploadResource(bucket, uid, key)] },
      { Effect: 'Deny', Action: [...UPLOAD_ACTIONS], Resource: [cleanCopiesResource(bucket)] },
    ],
  });
}

/** `2016-02-23T12:46:24Z`: ISO 8601 in UTC, without milliseconds, as STS wants it. */
const stsTimestamp = (now: number): string => new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The signed AssumeRole parameters for one user (sent as a form body with POST). */
export function assumeRoleParams(settings: StsSettings, request: UploadRoleRequest, now = Date.now(), nonce: string = randomUUID()): Record<string, string> {
  const params: Record<string, string> = {
    Action: 'AssumeRole',
    Version: '2015-04-01',
    Format: 'JSON',
    AccessKeyId: settings.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: nonce,
    Timestamp: stsTimestamp(now),
    RoleArn: settings.stsRoleArn,
    // 2–64 characters of [A-Za-z0-9.@_-]; shows in the bucket's access logs and ActionTrail.
    RoleSessionName: `creator-${scopeFor(request.uid)}`,
    DurationSeconds: String(request.durationSeconds),
    Policy: uploadPolicy(request.bucket, request.uid, request.key),
  };
  params.Signature = rpcSignature('POST', params, settings.accessKeySecret);
  return params;
}

/** An STS refusal or an unusable answer: what it said, never the key, the secret or the token. */
export class StsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly requestId = '',
  ) {
    super(message);
    this.name = 'StsError';
  }
}

interface AssumeRoleAnswer {
  RequestId?: string;
  Code?: string;
  Message?: string;
  Credentials?: { AccessKeyId?: string; AccessKeySecret?: string; SecurityToken?: string; Expiration?: string };
}

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<Response>;

export async function assumeUploadRole(
  settings: StsSettings,
  request: UploadRoleRequest,
  options: { fetch?: FetchLike; timeoutMs?: number; now?: number } = {},
): Promise<UploadCredentials> {
  const send = options.fetch ?? fetch;
  const body = new URLSearchParams(assumeRoleParams(settings, request, options.now)).toString();
  let response: Response;
  let answer: AssumeRoleAnswer;
  try {
    response = await send(`${settings.stsEndpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    answer = (await response.json().catch(() => ({}))) as AssumeRoleAnswer;
  } catch (error) {
    throw new StsError(`STS unreachable: ${error instanceof Error ? error.message : String(error)}`, 0, 'NetworkError');
  }
  const requestId = answer.RequestId ?? '';
  if (!response.ok) {
    const code = answer.Code ?? 'UnknownError';
    throw new StsError(`STS AssumeRole refused: ${code}${answer.Message ? ` (${answer.Message})` : ''}`, response.status, code, requestId);
  }
  const c = answer.Credentials;
  if (!c?.AccessKeyId || !c.AccessKeySecret || !c.SecurityToken || !c.Expiration) {
    throw new StsError('STS AssumeRole answered without credentials', response.status, 'MalformedAnswer', requestId);
  }
  return { accessKeyId: c.AccessKeyId, secretAccessKey: c.AccessKeySecret, sessionToken: c.SecurityToken, expiration: c.Expiration };
}
