/**
 * OSS request signatures exactly as ali-oss computes them (lib/common/signUtils.js).
 *
 * V4 (OSS4-HMAC-SHA256), what every client signs by default:
 *   canonical request = VERB \n /bucket/key (RFC 3986, "/" kept) \n sorted query \n
 *                       "name:value\n" for content-type, content-md5, x-oss-* and the additional
 *                       headers \n additional header names joined by ";" \n x-oss-content-sha256
 *   string to sign    = "OSS4-HMAC-SHA256" \n yyyymmddTHHMMssZ \n yyyymmdd/region/oss/aliyun_v4_request \n
 *                       hex(sha256(canonical request))
 *   signature         = hex(hmac-sha256(key, string to sign)), the key derived from "aliyun_v4" + secret
 *                       through the date, the region, "oss" and "aliyun_v4_request".
 *
 * V1, accepted only with the compatibility setting (OSS_ALLOW_V1_SIGNATURE):
 *   base64(hmac-sha1(secret, VERB \n Content-MD5 \n Content-Type \n Date \n
 *                      x-oss-* headers, lower-cased, sorted, "name:value" \n
 *                      /bucket/key[?sub-resources, sorted, "k" or "k=v", joined by &]))
 * In a browser ali-oss cannot set Date, so it sends x-oss-date and signs that in the Date slot.
 */
import { createHash, createHmac } from 'node:crypto';

/** The query parameters OSS signs (sub-resources); any other query parameter is not signed. */
const SUB_RESOURCES = new Set([
  'acl',
  'uploads',
  'location',
  'cors',
  'logging',
  'website',
  'referer',
  'lifecycle',
  'delete',
  'append',
  'tagging',
  'objectMeta',
  'uploadId',
  'partNumber',
  'security-token',
  'position',
  'img',
  'style',
  'styleName',
  'replication',
  'replicationProgress',
  'replicationLocation',
  'cname',
  'bucketInfo',
  'comp',
  'qos',
  'live',
  'status',
  'vod',
  'startTime',
  'endTime',
  'symlink',
  'x-oss-process',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'restore',
  'callback',
  'callback-var',
  'sequential',
]);

export type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

export function canonicalResource(bucket: string, key: string, query: URLSearchParams): string {
  const subs = [...query.entries()].filter(([name]) => SUB_RESOURCES.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const resource = `/${bucket}/${key}`;
  if (!subs.length) return resource;
  return `${resource}?${subs.map(([name, value]) => (value === '' ? name : `${name}=${value}`)).join('&')}`;
}

export function canonicalString(method: string, headers: HeaderBag, resource: string): string {
  const ossHeaders = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => name.startsWith('x-oss-'))
    .sort()
    .map((name) => `${name}:${header(headers, name).trim()}`);
  return [
    method.toUpperCase(),
    header(headers, 'content-md5'),
    header(headers, 'content-type'),
    header(headers, 'x-oss-date') || header(headers, 'date'),
    ...ossHeaders,
    resource,
  ].join('\n');
}

export function computeOssSignature(secret: string, canonical: string): string {
  return createHmac('sha1', secret).update(canonical, 'utf8').digest('base64');
}

/** `OSS <AccessKeyId>:<Signature>` → its two parts, or null. */
export function parseAuthorization(value: string): { accessKeyId: string; signature: string } | null {
  const match = /^OSS ([^:\s]+):(\S+)$/.exec(value.trim());
  return match?.[1] && match[2] ? { accessKeyId: match[1], signature: match[2] } : null;
}

// ---------------------------------------------------------------------------------------------
// V4

export const V4_ALGORITHM = 'OSS4-HMAC-SHA256';
export const V4_TERMINATOR = 'aliyun_v4_request';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** A presigned V4 URL may live at most seven days. */
export const V4_MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

/** Percent-encoding of RFC 3986 (only A-Z a-z 0-9 - _ . ~ stay), as V4 canonicalizes names and values. */
export function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `/bucket/key`, encoded with its slashes kept (`/bucket/` for a bucket-level request). */
export function v4CanonicalUri(bucket: string, key: string): string {
  return encodeRfc3986(`/${bucket}/${key}`).replace(/%2F/g, '/');
}

/**
 * The sorted query: every parameter (not only sub-resources), names and values encoded, sorted by
 * encoded name; a parameter without a value appears as its name alone (`uploads`). With
 * `emptyAsPair`, empty values appear as `name=`: ali-oss signs an empty value it was given as a
 * query parameter (not a sub-resource) that way, e.g. ListObjects with `prefix: ''`.
 */
export function v4CanonicalQuery(params: Iterable<[string, string]>, emptyAsPair = false): string {
  return [...params]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => (value === '' && !emptyAsPair ? name : `${name}=${value}`))
    .join('&');
}

/** Whether a header is always signed in V4 (the others only when listed as additional headers). */
export function isDefaultSignedHeader(name: string): boolean {
  return name === 'content-type' || name === 'content-md5' || name.startsWith('x-oss-');
}

export interface V4Request {
  method: string;
  bucket: string;
  key: string;
  /** Decoded query parameters (the signature parameter of a presigned URL left out). */
  query: Iterable<[string, string]>;
  headers: HeaderBag;
  /** Lower-case names, sorted: headers signed beside the default ones. */
  additionalHeaders: readonly string[];
  emptyQueryValuesAsPairs?: boolean;
}

export function v4CanonicalRequest(request: V4Request): string {
  const names = new Set(request.additionalHeaders);
  for (const name of Object.keys(request.headers)) {
    const lower = name.toLowerCase();
    if (isDefaultSignedHeader(lower) && request.headers[name] !== undefined) names.add(lower);
  }
  const lowered: HeaderBag = {};
  for (const [name, value] of Object.entries(request.headers)) lowered[name.toLowerCase()] = value;
  const canonicalHeaders = [...names]
    .sort()
    .map((name) => `${name}:${header(lowered, name).trim()}\n`)
    .join('');
  return [
    request.method.toUpperCase(),
    v4CanonicalUri(request.bucket, request.key),
    v4CanonicalQuery(request.query, request.emptyQueryValuesAsPairs),
    canonicalHeaders,
    request.additionalHeaders.join(';'),
    header(lowered, 'x-oss-content-sha256') || UNSIGNED_PAYLOAD,
  ].join('\n');
}

/** `yyyymmdd/region/oss/aliyun_v4_request`. */
export function v4Scope(date: string, region: string, product = 'oss'): string {
  return `${date}/${region}/${product}/${V4_TERMINATOR}`;
}

/** `datetime` is `yyyymmddTHHMMssZ`; the scope's date is its first eight characters. */
export function v4StringToSign(datetime: string, region: string, canonicalRequest: string, product = 'oss'): string {
  return [V4_ALGORITHM, datetime, v4Scope(datetime.slice(0, 8), region, product), createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join(
    '\n',
  );
}

export function v4SigningKey(secret: string, date: string, region: string, product = 'oss'): Buffer {
  const step = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
  return step(step(step(step(`aliyun_v4${secret}`, date), region), product), V4_TERMINATOR);
}

export function v4Signature(secret: string, date: string, region: string, stringToSign: string, product = 'oss'): string {
  return createHmac('sha256', v4SigningKey(secret, date, region, product))
    .update(stringToSign, 'utf8')
    .digest('hex');
}

/** `yyyymmddTHHMMssZ` of a moment (x-oss-date in V4). */
export function v4DateTime(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** `yyyymmddTHHMMssZ` → ms since the epoch, or NaN. */
export function parseV4DateTime(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 20261340 over into another date: only a real calendar date counts.
  return v4DateTime(new Date(ms)) === text ? ms : Number.NaN;
}

export interface V4Credential {
  accessKeyId: string;
  date: string;
  region: string;
  product: string;
  terminator: string;
}

/** `<AccessKeyId>/<yyyymmdd>/<region>/<product>/<terminator>` (the key id itself may hold a "/"). */
export function parseV4Credential(text: string): V4Credential | null {
  const parts = text.split('/');
  if (parts.length < 5) return null;
  const [date, region, product, terminator] = parts.slice(-4) as [string, string, string, string];
  const accessKeyId = parts.slice(0, -4).join('/');
  return accessKeyId ? { accessKeyId, date, region, product, terminator } : null;
}

export interface V4Authorization {
  credential: V4Credential;
  /** Lower-case, sorted. */
  additionalHeaders: string[];
  signature: string;
}

/**
 * `OSS4-HMAC-SHA256 Credential=…,AdditionalHeaders=a;b,Signature=…` (spaces after the commas
 * allowed, as the documentation writes it) → its parts, or null when it is not well-formed.
 */
export function parseV4Authorization(value: string): V4Authorization | null {
  const text = value.trim();
  if (!text.startsWith(`${V4_ALGORITHM} `)) return null;
  const fields = new Map<string, string>();
  for (const part of text.slice(V4_ALGORITHM.length + 1).split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const name = part.slice(0, at).trim();
    if (fields.has(name)) return null;
    fields.set(name, part.slice(at + 1).trim());
  }
  const credential = parseV4Credential(fields.get('Credential') ?? '');
  const signature = fields.get('Signature') ?? '';
  if (!credential || !/^[0-9a-f]{64}$/.test(signature)) return null;
  for (const name of fields.keys()) if (!['Credential', 'AdditionalHeaders', 'Signature'].includes(name)) return null;
  return { credential, additionalHeaders: parseAdditionalHeaders(fields.get('AdditionalHeaders') ?? ''), signature };
}

/** `a;B;c` → lower-case, sorted, without duplicates or the default signed headers (as ali-oss fixes them). */
export function parseAdditionalHeaders(text: string): string[] {
  const names = text
    .split(';')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && !isDefaultSignedHeader(name));
  return [...new Set(names)].sort();
}
