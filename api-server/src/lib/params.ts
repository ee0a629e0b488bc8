/**
 * The parameters a signed call carries: the query string for GET, and for other methods the body
 * (form-encoded per docs/product.md §7, JSON accepted too) on top of the query string, so a POST without a body
 * can still carry its signature in the URL.
 */
import type { FastifyRequest } from 'fastify';
import type { SignableParams, SignableValue } from 'shared-sdk/contract';

function flatten(source: unknown, into: SignableParams): void {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return;
  for (const [key, value] of Object.entries(source)) {
    into[key] = toSignable(value);
  }
}

/** Mirrors the browser, which signs `String(value)`: a repeated form field arrives as an array. */
function toSignable(value: unknown): SignableValue {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

export function requestParams(request: FastifyRequest): SignableParams {
  const params: SignableParams = {};
  flatten(request.query, params);
  if (request.method !== 'GET' && request.method !== 'HEAD') flatten(request.body, params);
  return params;
}

export function stringParam(params: SignableParams, name: string): string {
  const value = params[name];
  return value === undefined || value === null ? '' : String(value);
}
