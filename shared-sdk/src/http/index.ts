export { callApi, newsCall, userCall, type DeclaredCall } from './call';
export { callKey, prefetchCall, routeDataCall, PREFETCH_TTL_MS, type CallSpec } from './prefetch';
export { sendRequest, LOGIN_PATH, type HttpMethod, type RequestOptions, type RequestSpec } from './request';
export { ApiError, isApiError, type ApiErrorKind, type ApiErrorInit } from './api-error';
export { HTTP_STATUS_MESSAGES, httpStatusMessage, ERROR_MESSAGES, UNKNOWN_ERROR_MESSAGE } from './messages';
export { setErrorNotifier, type ErrorNotifier } from './notifier';
export type { HostName } from './hosts';
export type { RequestParams } from './params';
export { onCallFailure, type CallFailure } from './call-failures';
