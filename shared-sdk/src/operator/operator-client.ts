/**
 * How the operators' console talks to the operators' API (`/api/operator/`). Operator calls are not signed and carry no creator
 * token: the sign-in sets an HttpOnly session cookie, which the browser sends with every same-origin
 * call. They answer the usual `{code, msg, data}` envelope; code -1 means the operator's session is
 * gone (expired, revoked, signed out elsewhere), which signs the console out, never the creator.
 *
 * Each call is named by its contract declaration's type, so a URL or method that does not match the
 * contract fails the typecheck (`declared<typeof schemas.x>(…)`).
 */
import { getRuntimeConfig, httpStatusMessage, type ApiEnvelope } from 'shared-sdk';
import type { RouteRef } from 'shared-sdk/contract/calls';
import type { ContractRoute, DataOf, RequestOf } from 'shared-sdk/contract/schemas';
// The page's one runtime config (its API host), through the shared instance: never a copy.

/** A contract call as the console sends it: its method and URL, typed from its declaration (`shared-sdk/contract/calls`). */
export type OperatorCallSpec<R extends ContractRoute> = RouteRef<R>;

export const declared = <R extends ContractRoute>(spec: { method: R['method']; url: R['url'] }): OperatorCallSpec<R> => spec;

/** A refused or failed operator call; `signedOut` when the operator must sign in again. */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly status?: number,
    /** The refusal's `data` when the call's contract declares one (`refusal`), else null. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
  get signedOut(): boolean {
    return this.code === -1;
  }
}

const signedOutListeners = new Set<() => void>();

/** Called whenever an operator call answers -1: the console shows its sign-in. */
export function onOperatorSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function baseUrl(): string {
  try {
    return getRuntimeConfig().hosts.main;
  } catch {
    return '';
  }
}

type Fields = Record<string, unknown>;

/** The query string of a GET's fields (undefined and empty left out). */
export function queryOf(fields: Fields | undefined): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The envelope's data, or an OperatorError with the server's message. */
export async function unwrap<T>(response: Pick<Response, 'status' | 'json'>): Promise<T> {
  let envelope: ApiEnvelope<T> | null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new OperatorError(httpStatusMessage(response.status) ?? '未知错误', undefined, response.status);
  }
  if (envelope.code === 0) return envelope.data;
  const error = new OperatorError(
    envelope.code === -1 ? '登录已过期，请重新登录' : envelope.msg || '操作失败',
    envelope.code,
    response.status,
    envelope.data ?? null,
  );
  if (error.signedOut) for (const listener of signedOutListeners) listener();
  throw error;
}

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw new OperatorError('请求已取消');
    throw new OperatorError(error instanceof Error && error.name === 'TimeoutError' ? '请求超时' : '网络错误，请检查网络');
  }
}

/** One operator call: a GET's fields in the query, a POST's as JSON. */
export async function operatorCall<R extends ContractRoute>(spec: OperatorCallSpec<R>, request?: RequestOf<R>, signal?: AbortSignal): Promise<DataOf<R>> {
  const url = `${baseUrl()}${spec.url}`;
  const response =
    spec.method === 'GET'
      ? await send(`${url}${queryOf(request as Fields)}`, { method: 'GET', signal })
      : await send(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request ?? {}), signal });
  return unwrap<DataOf<R>>(response);
}

/** A call answering a file (the audit trail's CSV): its bytes and name, or the refusal. */
export async function operatorFile<R extends ContractRoute>(spec: OperatorCallSpec<R>, request?: RequestOf<R>): Promise<{ blob: Blob; filename: string }> {
  const response = await send(`${baseUrl()}${spec.url}${queryOf(request as Fields)}`, { method: 'GET' });
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) return unwrap(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const filename = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv');
  return { blob: await response.blob(), filename };
}

/**
 * A call whose body is a file streamed as is (the newspaper PDF), its other fields in the query, with
 * upload progress (0–100). XMLHttpRequest: fetch reports no upload progress.
 */
export function operatorUpload<R extends ContractRoute>(
  spec: OperatorCallSpec<R>,
  request: RequestOf<R>,
  file: Blob,
  mediaType: string,
  onProgress: (percent: number) => void,
): Promise<DataOf<R>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(spec.method, `${baseUrl()}${spec.url}${queryOf(request as Fields)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', mediaType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new OperatorError('网络错误，请检查网络'));
    xhr.onload = () => {
      // The answer as unwrap reads it (its status and JSON), without `Response`: jsdom has none.
      const response = { status: xhr.status, json: async () => JSON.parse(xhr.responseText) as unknown };
      unwrap<DataOf<R>>(response).then(resolve, reject);
    };
    xhr.send(file);
  });
}
