import type { SignableParams } from '../contract';

/**
 * What a caller may pass as query or form fields: a plain object (typed request interfaces of the
 * contract fit) whose values are strings, numbers, booleans, arrays of those, or empty.
 */
export type RequestParams = object;

/** The HTTP methods a call may use. */
export type HttpMethod = 'GET' | 'POST';

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Flattens parameters into what is sent and signed: empty values are dropped (the signature skips
 * them too) and arrays are joined with commas, the form the server's list parameters use (ids=1,2).
 * Anything else cannot be form-encoded, so it is refused before the request leaves.
 */
export function flattenParams(params: RequestParams | undefined): Record<string, Scalar> {
  const flat: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (isScalar(value)) flat[key] = value;
    else if (Array.isArray(value) && value.every(isScalar)) flat[key] = value.join(',');
    else throw new TypeError(`shared-sdk: parameter "${key}" must be a string, number, boolean or an array of them`);
  }
  return flat;
}

export function toSearchParams(fields: SignableParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search;
}
