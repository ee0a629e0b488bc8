import { md5 } from 'js-md5';

/** A signed request is refused when its timestamp is further than this from the server's clock. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;

export type SignableValue = string | number | boolean | null | undefined;
export type SignableParams = Record<string, SignableValue>;

/**
 * The canonical string a signature covers: every parameter except `sign` itself and empty ones
 * (undefined or null), sorted by name, joined as `name=value` with `&`.
 */
export function canonicalQuery(params: SignableParams): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== null)
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join('&');
}

/** sign = md5(canonical query + secret), lower-case hex (spec §7). */
export function computeSign(params: SignableParams, secret: string): string {
  return md5(canonicalQuery(params) + secret);
}
