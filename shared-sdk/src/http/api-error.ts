/**
 * Why a call failed, as a caller needs to tell it apart:
 * - business: the server answered with a non-zero code other than -1 (msg, code and data kept);
 * - token-expired: code -1; the session is marked and the 'token-expired' event sent;
 * - http: a non-2xx status (or a 2xx answer that is not an envelope), message from docs/product.md §8;
 * - network: no answer at all, including a timeout;
 * - setup: the request could not be built (bad parameters, runtime config missing);
 * - canceled: the caller aborted it through its signal.
 */
export type ApiErrorKind = 'business' | 'token-expired' | 'http' | 'network' | 'setup' | 'canceled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  code?: number;
  status?: number;
  data?: unknown;
  cause?: unknown;
  requestId?: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly status: number | undefined;
  readonly data: unknown;
  /** The answer's `x-request-id` (the id the server's and nginx's logs name it by), as it came. */
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.data = init.data;
    this.requestId = init.requestId;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
