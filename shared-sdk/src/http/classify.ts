import axios from 'axios';
import { ApiCode, type ApiEnvelope, REQUEST_ID_HEADER } from '../contract';
import { ApiError } from './api-error';
import { ERROR_MESSAGES, httpStatusMessage } from './messages';

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function tokenExpiredError(body: ApiEnvelope<unknown>): ApiError {
  return new ApiError({ kind: 'token-expired', code: ApiCode.TOKEN_EXPIRED, message: ERROR_MESSAGES.TOKEN_EXPIRED, data: body.data });
}

/** The one place an answer envelope is opened: code 0 gives data, anything else an ApiError. */
export function unwrapEnvelope<T>(body: unknown, status: number): T {
  if (!isEnvelope(body)) {
    // A 2xx page that is not an envelope (a proxy's or the SPA's HTML): nothing the caller can use.
    throw new ApiError({ kind: 'http', status, message: httpStatusMessage(status), data: body });
  }
  if (body.code === ApiCode.OK) return body.data as T;
  if (body.code === ApiCode.TOKEN_EXPIRED) throw tokenExpiredError(body);
  throw new ApiError({ kind: 'business', code: body.code, message: body.msg, data: body.data });
}

function isTimeout(error: { code?: string; message: string }): boolean {
  return error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message));
}

/** Sorts any failure of a request into the error catalogue (docs/product.md §8). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError({ kind: 'canceled', message: ERROR_MESSAGES.CANCELED, cause: error });
  if (!axios.isAxiosError(error)) return new ApiError({ kind: 'setup', message: ERROR_MESSAGES.SETUP, cause: error });
  const { response } = error;
  if (response) {
    // A server that reports an expired token with an error status is still an expired token.
    if (isEnvelope(response.data) && response.data.code === ApiCode.TOKEN_EXPIRED) return tokenExpiredError(response.data);
    const code = isEnvelope(response.data) ? response.data.code : undefined;
    // The id the server's and nginx's logs name this answer by, as it came (the error report's server checks it).
    const requestId: unknown = (response.headers as Record<string, unknown> | undefined)?.[REQUEST_ID_HEADER];
    return new ApiError({
      kind: 'http',
      status: response.status,
      code,
      message: httpStatusMessage(response.status),
      data: response.data,
      cause: error,
      requestId: typeof requestId === 'string' ? requestId : undefined,
    });
  }
  if (isTimeout(error)) return new ApiError({ kind: 'network', message: ERROR_MESSAGES.TIMEOUT, cause: error });
  if (error.request) return new ApiError({ kind: 'network', message: ERROR_MESSAGES.NETWORK, cause: error });
  return new ApiError({ kind: 'setup', message: ERROR_MESSAGES.SETUP, cause: error });
}
