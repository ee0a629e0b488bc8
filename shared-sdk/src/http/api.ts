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

/** GET to the newspaper host, authorised by header. */
export function newsGet<T>(path: string, params?: RequestParams, options?: RequestOptions): Promise<T> {
  return sendRequest<T>({ ...options, path, params, method: 'GET', host: 'newspaper' });
}

/** POST to the newspaper host: the body travels as one JSON string field `body`. */
export function newsPost<T>(path: string, body?: RequestParams, options?: RequestOptions): Promise<T> {
  return sendRequest<T>({ ...options, path, body, method: 'POST', host: 'newspaper' });
}

/** GET to the user host (ban info), with the token as a query parameter. */
export function userGet<T>(path: string, params?: RequestParams, options?: RequestOptions): Promise<T> {
  return sendRequest<T>({ ...options, path, params, method: 'GET', host: 'user' });
}
