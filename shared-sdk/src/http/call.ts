/**
 * Calls named by their contract declaration (`shared-sdk/contract/calls`): the URL, the method, the
 * request's type and the answer's type all come from the declaration, so a call cannot be paired
 * with another call's URL, method or answer and still compile.
 */
import type { RouteRef } from '../contract/calls';
import type { ContractRoute, DataOf, RequestOf } from '../contract/schemas/route';
import { sendRequest, type RequestOptions } from './request';

/** Where a call's fields travel: the query string of a GET, the form body of a POST. */
export function placeFields(method: 'GET' | 'POST', request: unknown): { params?: object; body?: object } {
  if (request === undefined) return {};
  return method === 'POST' ? { body: request as object } : { params: request as object };
}

/**
 * Sends a declared call to the main host (signed, as apiGet / apiPost do) and resolves to its
 * answer's `data`: `callApi(drafts.draftShow, { id })`.
 */
export function callApi<R extends ContractRoute>(route: RouteRef<R>, request?: RequestOf<R>, options?: RequestOptions): Promise<DataOf<R>> {
  return sendRequest<DataOf<R>>({ ...options, path: route.url, method: route.method, host: 'main', ...placeFields(route.method, request) });
}

/**
 * Sends a declared call of the newspaper host (unsigned, the session token in `Authorization`, as
 * newsGet does): `newsCall(newspaper.hisPaper, { date, type })` answers `NewspaperPage[]`.
 */
export function newsCall<R extends ContractRoute>(route: RouteRef<R>, request?: RequestOf<R>, options?: RequestOptions): Promise<DataOf<R>> {
  return sendRequest<DataOf<R>>({ ...options, path: route.url, method: route.method, host: 'newspaper', ...placeFields(route.method, request) });
}
