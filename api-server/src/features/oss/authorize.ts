/**
 * Decides whether a write to the embedded storage may happen: a well-formed `Authorization: OSS …`
 * header, credentials minted by /api/upload/tos/token that have not expired, a signature that holds
 * over the canonical string, a request date close to the server's clock, and a key inside the
 * credentials' scope.
 * The operator's long-term key (OSS_ACCESS_KEY_ID/SECRET, embedded mode only) signs without a
 * security token and has full access, as a bucket owner's key on OSS: any key, deletes, listings.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bytes } from '../../lib/bytes';
import { decodeObjectPath } from '../../storage/object-address';
import type { OssAccessKey } from '../../config';
import { type UploadGrant, openGrant, uploadSecret } from '../upload/credentials';
import { keyInScope } from '../upload/keys';
import { canonicalResource, canonicalString, computeOssSignature, parseAuthorization, type HeaderBag } from './signature';

/** OSS refuses requests whose date is more than 15 minutes off. */
const MAX_SKEW_MS = 15 * 60 * 1000;

export interface OssTarget {
  bucket: string;
  key: string;
  query: URLSearchParams;
}

export type OssDenial = { status: number; code: string; message: string; extra?: Record<string, string> };
/** `grant` is null for the operator's key (full access). */
export type Authorized = { ok: true; grant: UploadGrant | null } | ({ ok: false } & OssDenial);

const deny = (status: number, code: string, message: string, extra?: Record<string, string>): Authorized => ({
  ok: false,
  status,
  code,
  message,
  ...(extra ? { extra } : {}),
});

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(bytes(left), bytes(right));
}

/**
 * `/oss/<bucket>/<key>?query` → its parts, the key decoded once (object-address.ts). The key is empty
 * for a bucket-level request (`/oss/<bucket>/`, ListObjects). A key not spelled canonically is
 * handed on as spelled: such a spelling always holds a character no key may hold (a `%` at least),
 * so the key check of every write refuses it, as it would refuse any other invalid name.
 */
export function parseTarget(url: string, mount: string): OssTarget | null {
  const parsed = new URL(url, 'http://storage.invalid');
  if (!parsed.pathname.startsWith(`${mount}/`)) return null;
  const [bucket, ...rest] = parsed.pathname.slice(mount.length + 1).split('/');
  const spelled = rest.join('/');
  try {
    return bucket ? { bucket: decodeURIComponent(bucket), key: decodeObjectPath(spelled) ?? spelled, query: parsed.searchParams } : null;
  } catch {
    return null;
  }
}

const INVALID_KEY_ID = 'The OSS Access Key Id you provided does not exist in our records.';

/** The date and the signature, once the secret is known. */
function checkSignature(request: FastifyRequest, target: OssTarget, secret: string, now: number): Authorized | null {
  const headers = request.headers as HeaderBag;
  const date = Date.parse(String(headers['x-oss-date'] ?? headers.date ?? ''));
  if (!Number.isFinite(date) || Math.abs(now - date) > MAX_SKEW_MS) {
    return deny(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
      ServerTime: new Date(now).toUTCString(),
    });
  }
  const auth = parseAuthorization(String(headers.authorization ?? ''));
  const canonical = canonicalString(request.method, headers, canonicalResource(target.bucket, target.key, target.query));
  if (!auth || !same(auth.signature, computeOssSignature(secret, canonical))) {
    return deny(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', {
      StringToSign: canonical,
    });
  }
  return null;
}

/** Who signed the request: upload credentials (scoped) or the operator's key (grant null). */
export function authorizeRequest(request: FastifyRequest, target: OssTarget, operatorKey: OssAccessKey | null, now = Date.now()): Authorized {
  const headers = request.headers as HeaderBag;
  const auth = parseAuthorization(String(headers.authorization ?? ''));
  if (!auth) return deny(403, 'AccessDenied', 'Anonymous access is forbidden for this operation.');
  const token = String(headers['x-oss-security-token'] ?? '');
  if (!token) {
    if (!operatorKey || !same(auth.accessKeyId, operatorKey.accessKeyId)) return deny(403, 'InvalidAccessKeyId', INVALID_KEY_ID);
    return checkSignature(request, target, operatorKey.accessKeySecret, now) ?? { ok: true, grant: null };
  }
  const opened = openGrant(uploadSecret(), auth.accessKeyId, token, now);
  if (!opened.ok) {
    return opened.code === 'SecurityTokenExpired'
      ? deny(403, 'SecurityTokenExpired', 'The security token you provided has expired.')
      : deny(403, 'InvalidAccessKeyId', INVALID_KEY_ID);
  }
  return checkSignature(request, target, opened.secretAccessKey, now) ?? { ok: true, grant: opened.grant };
}

/** A write of one object (or part): upload credentials only inside their scope; the operator anywhere. */
export function authorizeWrite(request: FastifyRequest, target: OssTarget, operatorKey: OssAccessKey | null = null, now = Date.now()): Authorized {
  const verdict = authorizeRequest(request, target, operatorKey, now);
  if (verdict.ok && verdict.grant && !keyInScope(target.key, verdict.grant.scope)) {
    return deny(403, 'AccessDenied', 'The credentials do not allow writing this object key.');
  }
  return verdict;
}

/** Deletes and listings: the operator's key only. */
export function authorizeOperator(request: FastifyRequest, target: OssTarget, operatorKey: OssAccessKey | null, now = Date.now()): Authorized {
  const verdict = authorizeRequest(request, target, operatorKey, now);
  if (verdict.ok && verdict.grant) return deny(403, 'AccessDenied', 'Upload credentials do not allow this operation.');
  return verdict;
}
