/**
 * Calls by path, outside the contract's declarations: the upload credentials (whose route the caller
 * picks: pictures' or videos') and the transport's own tests. Not exported from the package: screens
 * call through their declarations (`callApi`, `newsCall`, `userCall` in `call.ts`).
 */
import type { RequestParams } from './params';
import { sendRequest, type RequestOptions } from './request';

/** Signed GET to the main host; resolves to the envelope's data. */
export function apiGet<T>(path: string, params?: RequestParams, options?: RequestOptions): Promise<T> {
  return sendRequest<T>({ ...options, path, params, method: 'GET', host: 'main' });
}

/** Signed, form-encoded POST to the main host. */
export function apiPost<T>(path: string, body?: RequestParams, options?: RequestOptions): Promise<T> {
  return sendRequest<T>({ ...options, path, body, method: 'POST', host: 'main' });
}
