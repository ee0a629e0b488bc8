/**
 * Decides whether a write to the embedded storage may happen: an OSS V4 signature (the
 * `Authorization: OSS4-HMAC-SHA256 …` header, or a presigned URL) whose scope names this storage's
 * region and the request's date, credentials minted by /api/upload/tos/token that have not expired,
 * a signature that holds over the canonical request, a request date close to the server's clock (a
 * presigned URL: within its lifetime), and a key inside the credentials' scope. V1
 * (`Authorization: OSS …`) is refused unless OSS_ALLOW_V1_SIGNATURE allows it.
 * The operator's long-term key (OSS_ACCESS_KEY_ID/SECRET, embedded mode only) signs without a
 * security token and has full access, as a bucket owner's key on OSS: any key, deletes, listings.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bytes } from '../../lib/bytes';
import { decodeObjectPath } from '../../storage/object-address';
import type { AppConfig, OssAccessKey } from '../../config';
import { EMBEDDED_REGION } from '../../plugins/app/storage';
import { type UploadGrant, openGrant, uploadSecret } from '../upload/credentials';
import { keyInScope } from '../upload/keys';
import {
  type HeaderBag,
  type V4Credential,
  UNSIGNED_PAYLOAD,
  V4_ALGORITHM,
  V4_MAX_EXPIRES_SECONDS,
  V4_TERMINATOR,
  canonicalResource,
  canonicalString,
  computeOssSignature,
  parseAdditionalHeaders,
  parseAuthorization,
  parseV4Authorization,
  parseV4Credential,
  parseV4DateTime,
  v4CanonicalRequest,
  v4Signature,
  v4StringToSign,
} from './signature';

/** OSS refuses requests whose date is more than 15 minutes off. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** How the embedded storage checks signatures (storageAccess builds it from the configuration). */
export interface StorageAccess {
  /** The operator's long-term key (full access), if configured. */
  operatorKey: OssAccessKey | null;
  /** The region V4 credential scopes must name, in its standard form (`embedded`, `cn-hangzhou`). */
  region: string;
  /** OSS_ALLOW_V1_SIGNATURE: V1 (`Authorization: OSS …`) is accepted as well. */
  allowV1: boolean;
}

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

/** The region a scope names: ali-oss takes `oss-cn-hangzhou` and signs `cn-hangzhou`. */
export const standardRegion = (region: string): string => region.replace(/^oss-/, '');

export function storageAccess(config: Pick<AppConfig, 'ossOperatorKey' | 'ossAllowV1Signature'>): StorageAccess {
  return { operatorKey: config.ossOperatorKey, region: standardRegion(EMBEDDED_REGION), allowV1: config.ossAllowV1Signature };
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
/** OSS's answer to V1 where V1 is no longer offered (its documented error 0002-00000080). */
const V1_REFUSED = { EC: '0002-00000080' };

/**
 * A request's signature as presented, before the secret is known: who signed (key id, security
 * token) and how to check it once the secret is found. Null `accessKeyId`: not signed at all.
 */
type Presented = { accessKeyId: string; securityToken: string; check: (secret: string) => Authorized | null } | Authorized;

const skewed = (now: number): Authorized =>
  deny(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
    ServerTime: new Date(now).toUTCString(),
  });

const invalid = (message: string, extra?: Record<string, string>): Authorized => deny(400, 'InvalidArgument', message, extra);

/** V1 (compatibility): the date within the skew, then HMAC-SHA1 over the canonical string. */
function presentedV1(request: FastifyRequest, target: OssTarget, now: number): Presented {
  const headers = request.headers as HeaderBag;
  const auth = parseAuthorization(String(headers.authorization ?? ''));
  if (!auth) return deny(403, 'AccessDenied', 'Anonymous access is forbidden for this operation.');
  return {
    accessKeyId: auth.accessKeyId,
    securityToken: String(headers['x-oss-security-token'] ?? ''),
    check: (secret) => {
      const date = Date.parse(String(headers['x-oss-date'] ?? headers.date ?? ''));
      if (!Number.isFinite(date) || Math.abs(now - date) > MAX_SKEW_MS) return skewed(now);
      const canonical = canonicalString(request.method, headers, canonicalResource(target.bucket, target.key, target.query));
      if (!same(auth.signature, computeOssSignature(secret, canonical))) {
        return deny(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', {
          StringToSign: canonical,
        });
      }
      return null;
    },
  };
}

/** The scope must name this storage's region, the product `oss`, V4's terminator and the request's date. */
function checkScope(credential: V4Credential, datetime: string, access: StorageAccess): Authorized | null {
  if (credential.product !== 'oss' || credential.terminator !== V4_TERMINATOR || !/^\d{8}$/.test(credential.date)) {
    return invalid('The credential is invalid: it must read <AccessKeyId>/<yyyymmdd>/<region>/oss/aliyun_v4_request.');
  }
  if (credential.region !== access.region) {
    return invalid(`The signing region in credential is invalid: this storage is in region "${access.region}".`, {
      ArgumentName: 'x-oss-credential',
      ArgumentValue: credential.region,
    });
  }
  if (credential.date !== datetime.slice(0, 8)) return invalid('The date of the credential scope does not match x-oss-date.');
  return null;
}

/** V4: the header form (Authorization) or the presigned form (x-oss-signature-version in the query). */
function presentedV4(request: FastifyRequest, target: OssTarget, access: StorageAccess, now: number, form: 'header' | 'query'): Presented {
  const headers = request.headers as HeaderBag;
  let credential: V4Credential;
  let additionalHeaders: string[];
  let signature: string;
  let datetime: string;
  let securityToken: string;
  const query = [...target.query.entries()];
  if (form === 'header') {
    const auth = parseV4Authorization(String(headers.authorization ?? ''));
    if (!auth) return invalid('Authorization header is invalid.');
    ({ credential, additionalHeaders, signature } = auth);
    datetime = String(headers['x-oss-date'] ?? '');
    const time = parseV4DateTime(datetime);
    if (!Number.isFinite(time)) return deny(403, 'AccessDenied', 'A V4 signature needs x-oss-date as yyyymmddTHHMMssZ.');
    const scope = checkScope(credential, datetime, access);
    if (scope) return scope;
    if (headers['x-oss-content-sha256'] !== UNSIGNED_PAYLOAD) return invalid('x-oss-content-sha256 must be UNSIGNED-PAYLOAD.');
    if (Math.abs(now - time) > MAX_SKEW_MS) return skewed(now);
    securityToken = String(headers['x-oss-security-token'] ?? '');
  } else {
    const param = (name: string) => target.query.get(name) ?? '';
    if (param('x-oss-signature-version') !== V4_ALGORITHM) return invalid('x-oss-signature-version must be OSS4-HMAC-SHA256.');
    const parsed = parseV4Credential(param('x-oss-credential'));
    signature = param('x-oss-signature');
    if (!parsed || !/^[0-9a-f]{64}$/.test(signature)) return invalid('The presigned URL lacks a valid x-oss-credential or x-oss-signature.');
    credential = parsed;
    additionalHeaders = parseAdditionalHeaders(param('x-oss-additional-headers'));
    datetime = param('x-oss-date');
    const time = parseV4DateTime(datetime);
    const expires = Number(param('x-oss-expires'));
    if (!Number.isFinite(time)) return invalid('x-oss-date must be yyyymmddTHHMMssZ.');
    if (!Number.isInteger(expires) || expires < 1 || expires > V4_MAX_EXPIRES_SECONDS) {
      return invalid(`x-oss-expires must be a number of seconds from 1 to ${V4_MAX_EXPIRES_SECONDS}.`);
    }
    const scope = checkScope(credential, datetime, access);
    if (scope) return scope;
    // Signed in the future beyond the skew allowed, or past its lifetime.
    if (time - now > MAX_SKEW_MS) return skewed(now);
    if (now > time + expires * 1000) {
      return deny(403, 'AccessDenied', 'Request has expired.', {
        Expires: new Date(time + expires * 1000).toISOString(),
        ServerTime: new Date(now).toISOString(),
      });
    }
    securityToken = param('x-oss-security-token');
  }
  const missing = additionalHeaders.find((name) => headers[name] === undefined);
  if (missing) return invalid(`The additional header ${missing} is signed but not sent.`);
  const signed = form === 'query' ? query.filter(([name]) => name !== 'x-oss-signature') : query;
  return {
    accessKeyId: credential.accessKeyId,
    securityToken,
    check: (secret) => {
      const shape = { method: request.method, bucket: target.bucket, key: target.key, query: signed, headers, additionalHeaders };
      const canonical = v4CanonicalRequest(shape);
      const stringToSign = v4StringToSign(datetime, credential.region, canonical);
      const matches = (text: string) => same(signature, v4Signature(secret, credential.date, credential.region, text));
      if (matches(stringToSign)) return null;
      // ali-oss signs an empty query parameter (not a sub-resource) as `name=`: accept that spelling too.
      if (signed.some(([, value]) => value === '')) {
        const pairs = v4CanonicalRequest({ ...shape, emptyQueryValuesAsPairs: true });
        if (matches(v4StringToSign(datetime, credential.region, pairs))) return null;
      }
      return deny(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', {
        StringToSign: stringToSign,
        CanonicalRequest: canonical,
      });
    },
  };
}

const V4_QUERY_MARKS = ['x-oss-signature-version', 'x-oss-credential', 'x-oss-signature'];
const V1_QUERY_MARKS = ['OSSAccessKeyId', 'Signature'];

/**
 * Whether a request carries an OSS signature (header or query), V1 or V4. Another scheme (a proxy's
 * `Basic` credentials a browser repeats on every request, say) is none of the storage's business.
 */
export function carriesSignature(request: FastifyRequest, target: OssTarget): boolean {
  const authorization = String(request.headers.authorization ?? '').trim();
  return /^OSS4?(-HMAC-SHA256)? /.test(authorization) || [...V4_QUERY_MARKS, ...V1_QUERY_MARKS].some((name) => target.query.has(name));
}

function presented(request: FastifyRequest, target: OssTarget, access: StorageAccess, now: number): Presented {
  const authorization = String(request.headers.authorization ?? '').trim();
  const v4Query = V4_QUERY_MARKS.some((name) => target.query.has(name));
  const v1Query = V1_QUERY_MARKS.some((name) => target.query.has(name));
  if (authorization && (v4Query || v1Query)) return invalid('Only one auth mechanism allowed: the Authorization header or a signed URL.');
  if (authorization.startsWith(`${V4_ALGORITHM} `) || authorization === V4_ALGORITHM) return presentedV4(request, target, access, now, 'header');
  if (v4Query) return presentedV4(request, target, access, now, 'query');
  if (/^OSS /.test(authorization) || v1Query) {
    if (!access.allowV1) {
      return deny(403, 'AccessDenied', 'The V1 signature is not supported by this storage: sign with V4 (OSS4-HMAC-SHA256).', V1_REFUSED);
    }
    return presentedV1(request, target, now);
  }
  return deny(403, 'AccessDenied', 'Anonymous access is forbidden for this operation.');
}

/** Who signed the request: upload credentials (scoped) or the operator's key (grant null). */
export function authorizeRequest(request: FastifyRequest, target: OssTarget, access: StorageAccess, now = Date.now()): Authorized {
  const signed = presented(request, target, access, now);
  if ('ok' in signed) return signed;
  const { operatorKey } = access;
  if (!signed.securityToken) {
    if (!operatorKey || !same(signed.accessKeyId, operatorKey.accessKeyId)) return deny(403, 'InvalidAccessKeyId', INVALID_KEY_ID);
    return signed.check(operatorKey.accessKeySecret) ?? { ok: true, grant: null };
  }
  const opened = openGrant(uploadSecret(), signed.accessKeyId, signed.securityToken, now);
  if (!opened.ok) {
    return opened.code === 'SecurityTokenExpired'
      ? deny(403, 'SecurityTokenExpired', 'The security token you provided has expired.')
      : deny(403, 'InvalidAccessKeyId', INVALID_KEY_ID);
  }
  return signed.check(opened.secretAccessKey) ?? { ok: true, grant: opened.grant };
}

/**
 * A write of one object (or part): upload credentials only inside their scope, and only their one
 * key when they were granted for one upload (as the STS policy of a bucket allows); the operator anywhere.
 */
export function authorizeWrite(request: FastifyRequest, target: OssTarget, access: StorageAccess, now = Date.now()): Authorized {
  const verdict = authorizeRequest(request, target, access, now);
  const grant = verdict.ok ? verdict.grant : null;
  if (grant && (!keyInScope(target.key, grant.scope) || (grant.key !== undefined && target.key !== grant.key))) {
    return deny(403, 'AccessDenied', 'The credentials do not allow writing this object key.');
  }
  return verdict;
}

/** Deletes and listings: the operator's key only. */
export function authorizeOperator(request: FastifyRequest, target: OssTarget, access: StorageAccess, now = Date.now()): Authorized {
  const verdict = authorizeRequest(request, target, access, now);
  if (verdict.ok && verdict.grant) return deny(403, 'AccessDenied', 'Upload credentials do not allow this operation.');
  return verdict;
}
