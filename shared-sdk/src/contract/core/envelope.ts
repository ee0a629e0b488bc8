/** Every answer of the main host and the newspaper host: `{code, msg, data}` (docs/product.md §7). */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Answer codes. docs/product.md §7 fixes 0 (success) and -1 (token expired); the rest are ours, so that a
 * caller can tell refusals apart without parsing `msg`.
 */
export const ApiCode = {
  OK: 0,
  TOKEN_EXPIRED: -1,
  BAD_SIGNATURE: 1001,
  INVALID_PARAMS: 1002,
  FORBIDDEN: 1003,
  NOT_FOUND: 1004,
  CERT_REQUIRED: 1005,
  BANNED: 1006,
  LOGIN_FAILED: 1007,
  TOO_MANY_ATTEMPTS: 1008,
  CONFLICT: 1009,
  /** A signed call whose nonce was already used: a replay (or a duplicate send). */
  REPLAYED: 1010,
  SERVER_ERROR: 1500,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { code: ApiCode.OK, msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
  return { code, msg, data };
}
