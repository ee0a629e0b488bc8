/**
 * Calls started before the screen that makes them has loaded. Opening a remote screen cold fetches
 * its code and only then, once it renders, its data: two waits one after the other. A route may
 * declare its screen's first call (`RouteDeclaration.data`); the host starts that call as soon as
 * its menu entry is hovered or the route is entered, beside the code, and when the screen then
 * makes the very same call (same host, method, path, parameters and session) it is answered from
 * the one already on its way.
 *
 * The early call reports nothing itself: its answer, success or failure, is handed to the screen's
 * own call, which unwraps and reports it exactly as if it had sent it. An early call nobody takes
 * within a few seconds is forgotten, and so is every one not yet taken when a POST that may change
 * data is sent (a list fetched early must not answer the refetch after a deletion; reads sent as
 * POST and reports say `keepPrefetched`);
 * a call that differs in anything is simply sent as usual.
 */
import type { AxiosResponse } from 'axios';
import type { RouteData } from '../contract';
import { getToken } from '../session/access';
import { hostInstances, type HostName } from './hosts';
import { flattenParams, type RequestParams } from './params';

/** How long an early call waits to be taken by its screen. */
export const PREFETCH_TTL_MS = 10_000;
/**
 * An identical call started this recently and not yet taken is not sent again: hovering a menu
 * entry starts its screen's call, and the click that follows finds it on its way.
 */
export const PREFETCH_REUSE_MS = 3_000;

export interface CallSpec {
  path: string;
  method?: 'GET' | 'POST';
  host?: HostName;
  params?: RequestParams;
  body?: RequestParams;
}

interface Early {
  at: number;
  token: string;
  response: Promise<AxiosResponse<unknown>>;
}

const early = new Map<string, Early>();

/** What makes two calls the same call: host, method, path and every sent field (values as text). */
export function callKey({ path, method = 'GET', host = 'main', params, body }: CallSpec): string {
  const fields = flattenParams(method === 'POST' ? { ...params, ...body } : params);
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, String(fields[name])]);
  return JSON.stringify([host, method, path.split('?')[0], sorted]);
}

/** Starts `spec` now, to be taken by the first identical call within PREFETCH_TTL_MS. */
export function prefetchCall(spec: CallSpec): void {
  const token = getToken();
  if (!token) return;
  const key = callKey(spec);
  const recent = early.get(key);
  if (recent && recent.token === token && Date.now() - recent.at < PREFETCH_REUSE_MS) return;
  const { path, method = 'GET', host = 'main', params, body } = spec;
  const response = hostInstances[host].request<unknown>({ url: path, method, params, data: method === 'POST' ? (body ?? {}) : undefined });
  // Unhandled until taken: a failure nobody takes is nobody's to report.
  response.catch(() => undefined);
  // Otherwise a newer early call replaces an older one: entering the route again means wanting fresh data.
  early.set(key, { at: Date.now(), token, response });
}

/** The early answer for this call, once (undefined when there is none, it is stale, or the session changed). */
export function takePrefetched(spec: CallSpec): Promise<AxiosResponse<unknown>> | undefined {
  // Most calls find nothing started early: no key is built for them.
  if (early.size === 0) return undefined;
  const key = callKey(spec);
  const found = early.get(key);
  if (!found) return undefined;
  early.delete(key);
  if (Date.now() - found.at >= PREFETCH_TTL_MS || found.token !== getToken()) return undefined;
  return found.response;
}

/**
 * The call a route's declaration asks for at this address: fixed parameters, overridden by the
 * non-empty query parameters the declaration maps (numbers stay numbers where the default is one).
 */
export function routeDataCall(data: RouteData, search: string): CallSpec {
  const query = new URLSearchParams(search);
  const fields: Record<string, string | number> = { ...data.params };
  for (const [field, name] of Object.entries(data.fromQuery ?? {})) {
    const value = query.get(name);
    if (value === null || value === '') continue;
    const fallback = data.params?.[field];
    fields[field] = typeof fallback === 'number' && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  const method = data.method ?? 'GET';
  return method === 'POST' ? { path: data.url, method, body: fields } : { path: data.url, method, params: fields };
}

/** Every early call not yet taken is dropped (a POST is on its way that may change what they read). */
export function forgetPrefetched(): void {
  early.clear();
}
