import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { computeSign, LIMITS, newNonce, type RuntimeConfig } from '../contract';
import { getRuntimeConfig } from '../config';
import { getToken } from '../session/access';
import { flattenParams, toSearchParams, type RequestParams } from './params';

export type HostName = 'main' | 'newspaper' | 'user';

const FORM = 'application/x-www-form-urlencoded';

function isPost(config: InternalAxiosRequestConfig): boolean {
  return config.method?.toUpperCase() === 'POST';
}

/** Read per request, so the instances can exist before the runtime config has loaded. */
function withBaseUrl(config: InternalAxiosRequestConfig, host: keyof RuntimeConfig['hosts']): void {
  config.baseURL = getRuntimeConfig().hosts[host];
}

/**
 * Main host: every call carries timestamp, app_id, token, a fresh nonce (the server accepts each once)
 * and the sign over all of its fields, its method and its path (docs/product.md §7, bound against replays).
 */
function signMainRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  withBaseUrl(config, 'main');
  const { appId, appSecret } = getRuntimeConfig();
  // A POST sends (and signs) everything in its form body, query params included.
  const params = config.params as RequestParams | undefined;
  const own = flattenParams(isPost(config) ? { ...params, ...(config.data as RequestParams | undefined) } : params);
  const fields = { ...own, timestamp: Date.now(), app_id: appId, token: getToken(), nonce: newNonce() };
  const target = { method: config.method ?? 'GET', path: config.url ?? '' };
  const signed = toSearchParams({ ...fields, sign: computeSign(fields, appSecret, target) });
  if (isPost(config)) {
    config.params = undefined;
    config.data = signed;
    config.headers.setContentType(FORM);
  } else {
    config.params = signed;
  }
  return config;
}

/** Newspaper host: the token goes in a header and a POST body travels as one JSON field `body`. */
function authorizeNewspaperRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  withBaseUrl(config, 'newspaper');
  const token = getToken();
  if (token) config.headers.set('Authorization', token);
  config.params = toSearchParams(flattenParams(config.params as RequestParams));
  if (isPost(config)) {
    config.data = new URLSearchParams({ body: JSON.stringify(config.data ?? {}) });
    config.headers.setContentType(FORM);
  }
  return config;
}

/** User host (ban info): the token as a plain query parameter, unsigned. */
function addUserToken(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  withBaseUrl(config, 'user');
  config.params = toSearchParams({ ...flattenParams(config.params as RequestParams), token: getToken() });
  return config;
}

function createHostInstance(prepare: (config: InternalAxiosRequestConfig) => InternalAxiosRequestConfig): AxiosInstance {
  const instance = axios.create({ timeout: LIMITS.REQUEST_TIMEOUT_MS });
  instance.interceptors.request.use(prepare);
  return instance;
}

export const hostInstances: Readonly<Record<HostName, AxiosInstance>> = {
  main: createHostInstance(signMainRequest),
  newspaper: createHostInstance(authorizeNewspaperRequest),
  user: createHostInstance(addUserToken),
};
