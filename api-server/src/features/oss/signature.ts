/**
 * The OSS request signature (V1) exactly as ali-oss computes it (lib/common/signUtils.js):
 *   base64(hmac-sha1(secret, VERB \n Content-MD5 \n Content-Type \n Date \n
 *                      x-oss-* headers, lower-cased, sorted, "name:value" \n
 *                      /bucket/key[?sub-resources, sorted, "k" or "k=v", joined by &]))
 * In a browser ali-oss cannot set Date, so it sends x-oss-date and signs that in the Date slot.
 */
import { createHmac } from 'node:crypto';

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
