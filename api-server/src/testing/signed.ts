/**
 * Signed calls as the browser SDK makes them: timestamp, app_id, token and a fresh nonce, then the
 * sign over all of it, the method and the path.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type ApiEnvelope, type SignableParams, computeSign, newNonce } from 'shared-sdk/contract';
import { TEST_APP_ID, TEST_APP_SECRET } from './test-app';

export interface SignedCall {
  method?: 'GET' | 'POST';
  url: string;
  params?: SignableParams;
  token?: string;
  /** Replaces or removes (undefined) fields after signing, to forge bad requests. */
  tamper?: SignableParams;
  timestamp?: number;
  appId?: string;
  secret?: string;
  json?: boolean;
  /** Defaults to a fresh one per call; pass one to send the same nonce twice. */
  nonce?: string;
  /** Sign for this method and path instead of the call's own (to forge a call moved elsewhere). */
  signedFor?: { method: string; path: string };
  /** Extra request headers (a Host the page was asked for, say). */
  headers?: Record<string, string>;
}

export function signParams(call: SignedCall): Record<string, string> {
  const params: SignableParams = {
    ...call.params,
    timestamp: call.timestamp ?? Date.now(),
    app_id: call.appId ?? TEST_APP_ID,
    nonce: call.nonce ?? newNonce(),
    ...(call.token ? { token: call.token } : {}),
  };
  const target = call.signedFor ?? { method: call.method ?? 'GET', path: call.url };
  params.sign = computeSign(params, call.secret ?? TEST_APP_SECRET, target);
  Object.assign(params, call.tamper);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) out[key] = String(value);
  return out;
}

export async function signed(app: FastifyInstance, call: SignedCall): Promise<LightMyRequestResponse> {
  const params = signParams(call);
  const headers = call.headers ?? {};
  if ((call.method ?? 'GET') === 'GET') return app.inject({ method: 'GET', url: call.url, query: params, headers });
  if (call.json) return app.inject({ method: 'POST', url: call.url, payload: params, headers });
  return app.inject({
    method: 'POST',
    url: call.url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

export function body<T = unknown>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json<ApiEnvelope<T>>();
}

/** Logs a demo account in and returns its token. */
export async function login(app: FastifyInstance, phone: string, password = 'demo1234'): Promise<string> {
  const answer = body<{ token: string }>(await signed(app, { method: 'POST', url: '/login/admin/login', params: { phone, password } }));
  if (answer.code !== 0) throw new Error(`login of ${phone} failed: ${answer.code} ${answer.msg}`);
  return answer.data.token;
}
