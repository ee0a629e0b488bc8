import type { ApiError } from './api-error';
import { tellCallFailure } from './call-failures';
import { toApiError, unwrapEnvelope } from './classify';
import { hostInstances, type HostName } from './hosts';
import { notifyError } from './notifier';
import type { HttpMethod, RequestParams } from './params';
import { forgetPrefetched, takePrefetched } from './prefetch';
import { getSessionUser, markTokenExpired } from '../session/access';
import { emitSessionEvent } from '../session/events';

export type { HttpMethod } from './params';

export interface RequestOptions {
  /** The caller shows its own error; the central notifier stays silent (ant-design-pro style). */
  skipErrorHandler?: boolean;
  signal?: AbortSignal;
  /** Overrides the 1,500,000 ms request timeout (docs/product.md §9). */
  timeout?: number;
  /**
   * A POST that changes nothing a screen reads (a read sent as POST, a load report): calls started
   * early (http/prefetch) survive it. Any other POST makes them be sent again when asked for.
   */
  keepPrefetched?: boolean;
  /**
   * A report sent as the page hides, which must outlive it (a tab closed): sent by `fetch` with
   * `keepalive`, which the browser finishes after the page is gone (bodies up to 64 KB).
   */
  keepalive?: boolean;
}

export interface RequestSpec extends RequestOptions {
  path: string;
  method?: HttpMethod;
  host?: HostName;
  params?: RequestParams;
  body?: RequestParams;
}

export const LOGIN_PATH = '/login';

function onTokenExpired(error: ApiError): void {
  // Parallel calls often expire together; only the first one tells the host, so one toast shows.
  const alreadyMarked = getSessionUser()?.tokenExpire === true;
  markTokenExpired();
  if (alreadyMarked) return;
  const heard = emitSessionEvent('token-expired', { message: error.message });
  if (!heard && typeof window !== 'undefined') window.location.assign(LOGIN_PATH);
}

/** The one failure policy: expired tokens go to the session, the rest to the notifier unless the caller shows its own. */
export function reportFailure(error: ApiError, options: RequestOptions): void {
  if (error.kind === 'token-expired') onTokenExpired(error);
  // Token expiry is announced by the host from the event; a canceled call was wanted by its caller.
  if (error.kind === 'token-expired' || error.kind === 'canceled' || options.skipErrorHandler) return;
  notifyError(error);
}

/** Every call of every host goes through here: one place that unwraps answers and reports failures. */
export async function sendRequest<T>(spec: RequestSpec): Promise<T> {
  const { host = 'main', method = 'GET', path, params, body, signal, timeout } = spec;
  try {
    // The same call started early for this screen (its route's declared data) answers instead.
    const early = takePrefetched({ host, method, path, params, body });
    if (!early && method === 'POST' && !spec.keepPrefetched) forgetPrefetched();
    const response = await (early ??
      hostInstances[host].request<unknown>({
        url: path,
        method,
        params,
        data: method === 'POST' ? (body ?? {}) : undefined,
        signal,
        ...(timeout === undefined ? {} : { timeout }),
        ...(spec.keepalive ? { adapter: 'fetch', fetchOptions: { keepalive: true } } : {}),
      }));
    return unwrapEnvelope<T>(response.data, response.status);
  } catch (failure) {
    const error = toApiError(failure);
    tellCallFailure(error, path, method);
    reportFailure(error, spec);
    throw error;
  }
}
