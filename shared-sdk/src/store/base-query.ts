import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { toApiError } from '../http/classify';
import type { ApiErrorKind } from '../http/api-error';
import type { HostName } from '../http/hosts';
import type { RequestParams } from '../http/params';
import { sendRequest, type HttpMethod } from '../http/request';

export interface SdkQueryArgs {
  url: string;
  method?: HttpMethod;
  params?: RequestParams;
  body?: RequestParams;
  host?: HostName;
  skipErrorHandler?: boolean;
}

/** A plain object, because RTK Query keeps errors in the (serialisable) store. */
export interface SdkQueryError {
  kind: ApiErrorKind;
  code?: number;
  status?: number;
  message: string;
  data?: unknown;
}

/** Any failure of a call as the store keeps it: the SDK's error kinds, code, status and data. */
function toQueryError(failure: unknown): SdkQueryError {
  const { kind, code, status, message, data } = toApiError(failure);
  const error: SdkQueryError = { kind, message };
  if (code !== undefined) error.code = code;
  if (status !== undefined) error.status = status;
  if (data !== undefined) error.data = data;
  return error;
}

/** A `queryFn`'s answer for a call made some other way (a client's method): its data, or its error as sdkBaseQuery maps it. */
export async function queryResult<T>(call: () => Promise<T>): Promise<{ data: T } | { error: SdkQueryError }> {
  try {
    return { data: await call() };
  } catch (failure) {
    return { error: toQueryError(failure) };
  }
}

export const sdkBaseQuery: BaseQueryFn<SdkQueryArgs, unknown, SdkQueryError> = async (args, api) => {
  try {
    // A query changes nothing, even one sent as POST; a mutation may change what early calls read.
    const data = await sendRequest<unknown>({ ...args, path: args.url, signal: api.signal, keepPrefetched: api.type === 'query' });
    return { data: data ?? null };
  } catch (failure) {
    return { error: toQueryError(failure) };
  }
};
