/**
 * Short-lived storage credentials, STS-like and stateless: the session token carries the user, its
 * key scope and the expiry, sealed with an HMAC of the server's upload secret; the secret access key
 * is derived from the token, so the storage endpoint can check a signature without a table.
 * These are the embedded storage's; with a real OSS bucket the same answer is filled from Alibaba
 * Cloud STS instead (sts.ts: AssumeRole with a policy limited to the scope).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { bytes } from '../../lib/bytes';

export interface UploadGrant {
  uid: number;
  /** The key segment this grant may write under: `u<uid>` (see keys.ts). */
  scope: string;
  /** Expiry, ms since epoch. */
  exp: number;
  /** Random id, also the access key id's suffix. */
  kid: string;
  /**
   * The login session the credentials were handed to: the storage re-checks it on every write, so a
   * logout or a forced-logout ban ends the credentials at once, not when they expire.
   */
  sid: number;
  /** When set, the one object key the grant may write (an upload grant, grants.ts). */
  key?: string;
}

export interface UploadCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: string;
}

const ACCESS_KEY_PREFIX = 'STS.';

let processSecret: Buffer | null = null;

/**
 * UPLOAD_TOKEN_SECRET (set it on every replica), else one random secret per process: never in
 * production, where credentials minted by one replica would be refused by the next.
 */
export function uploadSecret(env: Record<string, string | undefined> = process.env): Buffer {
  if (env.UPLOAD_TOKEN_SECRET) return Buffer.from(env.UPLOAD_TOKEN_SECRET);
  if (env.APP_ENV === 'production') throw new Error('UPLOAD_TOKEN_SECRET is not set (APP_ENV=production)');
  processSecret ??= randomBytes(32);
  return processSecret;
}

/**
 * Takes the API thread's per-process secret (the storage thread's, which must check the credentials
 * that thread minted). UPLOAD_TOKEN_SECRET, when set, still wins.
 */
export function adoptProcessUploadSecret(secret: Uint8Array): void {
  processSecret = Buffer.from(secret);
}

export function uploadTokenTtlMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = Number(env.UPLOAD_TOKEN_TTL_SECONDS || 1800);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1_800_000;
}

function mac(secret: Buffer, text: string): string {
  return createHmac('sha256', bytes(secret)).update(text).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(bytes(left), bytes(right));
}

export function scopeFor(uid: number): string {
  return `u${uid}`;
}

export function mintCredentials(secret: Buffer, holder: { uid: number; sessionId: number; key?: string }, ttlMs: number, now = Date.now()): UploadCredentials {
  const { uid, sessionId, key } = holder;
  const grant: UploadGrant = {
    uid,
    scope: scopeFor(uid),
    exp: now + ttlMs,
    kid: randomBytes(8).toString('hex'),
    sid: sessionId,
    ...(key !== undefined ? { key } : {}),
  };
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  const sessionToken = `${payload}.${mac(secret, payload)}`;
  return {
    accessKeyId: `${ACCESS_KEY_PREFIX}${grant.kid}`,
    secretAccessKey: mac(secret, `secret:${sessionToken}`),
    sessionToken,
    expiration: new Date(grant.exp).toISOString(),
  };
}

export type GrantCheck = { ok: true; grant: UploadGrant; secretAccessKey: string } | { ok: false; code: 'InvalidAccessKeyId' | 'SecurityTokenExpired' };

/** Opens a session token presented with an access key id; says why when it does not hold. */
export function openGrant(secret: Buffer, accessKeyId: string, sessionToken: string, now = Date.now()): GrantCheck {
  const [payload, seal, extra] = sessionToken.split('.');
  if (!payload || !seal || extra !== undefined || !sameText(seal, mac(secret, payload))) return { ok: false, code: 'InvalidAccessKeyId' };
  let grant: UploadGrant;
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
  } catch {
    return { ok: false, code: 'InvalidAccessKeyId' };
  }
  if (!sameText(accessKeyId, `${ACCESS_KEY_PREFIX}${grant.kid}`)) return { ok: false, code: 'InvalidAccessKeyId' };
  // Credentials sealed before grants named their session cannot be re-checked: refuse them.
  if (!Number.isInteger(grant.sid)) return { ok: false, code: 'InvalidAccessKeyId' };
  if (!(grant.exp > now)) return { ok: false, code: 'SecurityTokenExpired' };
  return { ok: true, grant, secretAccessKey: mac(secret, `secret:${sessionToken}`) };
}
