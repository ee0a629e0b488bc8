import { md5 } from 'js-md5';

/** A signed request is refused when its timestamp is further than this from the server's clock. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;

/** A nonce: 16 to 64 letters, digits, `-` or `_`. The SDK sends 32 hex characters (128 random bits). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export type SignableValue = string | number | boolean | null | undefined;
export type SignableParams = Record<string, SignableValue>;

/** What a signature is bound to besides its parameters, so a body signed for one call fits no other. */
export interface SignTarget {
  /** HTTP method, any case (signed upper-case). */
  method: string;
  /** The call's path on its host, without query string or the host's base URL: `/api/material/list`. */
  path: string;
}

/**
 * The canonical string a signature covers:
 * `METHOD \n path \n name=value&name=value…`, every parameter except `sign` itself and empty ones
 * (undefined or null), sorted by name, names and values percent-encoded (encodeURIComponent). The
 * encoding keeps `&` and `=` inside a value from passing for a separator, so `{a: 'x', az: 'y'}` and
 * `{a: 'x&az=y'}` sign differently.
 */
export function canonicalString(target: SignTarget, params: SignableParams): string {
  // Self-contained (no module-level helpers): the documentation page's script embeds this
  // function's source (api-server features/docs/try-it.ts), so the page signs exactly like the SDK.
  // Lone UTF-16 surrogates cannot be percent-encoded; both sides sign them as U+FFFD.
  const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  const encode = (text: string): string => encodeURIComponent(text.replace(loneSurrogate, '\ufffd'));
  const pairs = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== null)
    .sort()
    .map((key) => `${encode(key)}=${encode(String(params[key]))}`)
    .join('&');
  const path = target.path.split('?')[0] ?? '';
  return `${target.method.toUpperCase()}\n${path}\n${pairs}`;
}

/** sign = md5(canonical string + secret), lower-case hex (docs/product.md §7's scheme, bound to method and path). */
export function computeSign(params: SignableParams, secret: string, target: SignTarget): string {
  return md5(canonicalString(target, params) + secret);
}

/** A fresh nonce for one request: 128 random bits as 32 hex characters (Web Crypto, browser and Node). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
