/**
 * RTK Query endpoints named by their contract declaration (`shared-sdk/contract/calls`), for
 * `sdkBaseQuery`: the URL, method and request type come from the declaration, and so does the
 * endpoint's answer type (`routeEndpoint`), so an endpoint paired with another call's answer does
 * not compile.
 */
import type { RouteRef } from '../contract/calls';
import type { ContractRoute, DataOf, RequestOf } from '../contract/core/route';
import { placeFields } from '../http/call';
import type { SdkQueryArgs } from './base-query';

/** What a declared call's endpoint may add: the caller shows its own error. */
export interface RouteQueryOptions {
  skipErrorHandler?: boolean;
}

/** The query arguments of a declared call, as `sdkBaseQuery` takes them. */
export interface RouteQueryArgs<R extends ContractRoute> extends SdkQueryArgs {
  method: R['method'];
  url: R['url'];
}

/** `query: (body) => routeQuery(materials.materialList, body, { skipErrorHandler: true })` */
export function routeQuery<R extends ContractRoute>(route: RouteRef<R>, request?: RequestOf<R>, options?: RouteQueryOptions): RouteQueryArgs<R> {
  return { url: route.url, method: route.method, ...placeFields(route.method, request), ...options };
}

/** What `routeEndpoint` gives `build.query` / `build.mutation`: the call's arguments and its declared answer. */
export interface RouteEndpoint<R extends ContractRoute, A> {
  query: (arg: A) => RouteQueryArgs<R>;
  transformResponse: (data: unknown) => DataOf<R>;
}

/**
 * The `query` and `transformResponse` of an endpoint for a declared call, to spread into
 * `build.query` / `build.mutation`: the endpoint's answer type is the declaration's `data`, and its
 * argument the request mapper's (none without a mapper: the hook is called without one).
 *
 *   list: build.query({ ...routeEndpoint(materials.materialList, (body: MaterialListRequest) => body), providesTags: ['Material'] })
 *   rights: build.query({ ...routeEndpoint(rights.rightsIndex) })
 */
export function routeEndpoint<R extends ContractRoute>(route: RouteRef<R>, toRequest?: undefined, options?: RouteQueryOptions): RouteEndpoint<R, void>;
export function routeEndpoint<R extends ContractRoute, A>(
  route: RouteRef<R>,
  toRequest: (arg: A) => RequestOf<R>,
  options?: RouteQueryOptions,
): RouteEndpoint<R, A>;
export function routeEndpoint<R extends ContractRoute, A>(
  route: RouteRef<R>,
  toRequest?: (arg: A) => RequestOf<R>,
  options?: RouteQueryOptions,
): RouteEndpoint<R, A> {
  return {
    query: (arg) => routeQuery(route, toRequest?.(arg), options),
    transformResponse: (data) => data as DataOf<R>,
  };
}
