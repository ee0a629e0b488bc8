/**
 * Calls named by their contract declaration (`shared-sdk/contract/calls`): the URL, the method, the
 * request's type and the answer's type all come from the declaration, so a call cannot be paired
 * with another call's URL, method or answer and still compile.
 */
import type { RouteRef } from '../contract/calls';
import type { ContractRoute, DataOf, RequestOf } from '../contract/core/route';
import type { HostName } from './hosts';
import { sendRequest, type RequestOptions } from './request';

/** Where a call's fields travel: the query string of a GET, the form body of a POST. */
export function placeFields(method: 'GET' | 'POST', request: unknown): { params?: object; body?: object } {
  if (request === undefined) return {};
  return method === 'POST' ? { body: request as object } : { params: request as object };
}

/** A declared call of one host: `(route, request?, options?)` resolves to the declaration's `data`. */
export type DeclaredCall = <R extends ContractRoute>(route: RouteRef<R>, request?: RequestOf<R>, options?: RequestOptions) => Promise<DataOf<R>>;

function callOf(host: HostName): DeclaredCall {
  return <R extends ContractRoute>(route: RouteRef<R>, request?: RequestOf<R>, options?: RequestOptions) =>
    sendRequest<DataOf<R>>({ ...options, path: route.url, method: route.method, host, ...placeFields(route.method, request) });
}

/** A declared call to the main host, signed: `callApi(drafts.draftShow, { id })`. */
export const callApi = callOf('main');
/**
 * A declared call to the newspaper host, unsigned, the session token in `Authorization` (a POST's
 * body travels as one JSON field, `body`): `newsCall(newspaper.hisPaper, { date, type })`.
 */
export const newsCall = callOf('newspaper');
/** A declared call to the user host, unsigned, the session token as the `token` parameter: `userCall(bans.userBanInfo)`. */
export const userCall = callOf('user');
