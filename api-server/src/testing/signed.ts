/** Signed calls as the browser SDK makes them: timestamp, app_id, token, then sign over all of it. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type ApiEnvelope, type SignableParams, computeSign } from 'shared-sdk/contract';
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
}

export function signParams(call: SignedCall): Record<string, string> {
  const params: SignableParams = {
    ...call.params,
    timestamp: call.timestamp ?? Date.now(),
    app_id: call.appId ?? TEST_APP_ID,
    ...(call.token ? { token: call.token } : {}),
  };
  params.sign = computeSign(params, call.secret ?? TEST_APP_SECRET);
  Object.assign(params, call.tamper);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) out[key] = String(value);
  return out;
}

export async function signed(app: FastifyInstance, call: SignedCall): Promise<LightMyRequestResponse> {
  const params = signParams(call);
  if ((call.method ?? 'GET') === 'GET') return app.inject({ method: 'GET', url: call.url, query: params });
  if (call.json) return app.inject({ method: 'POST', url: call.url, payload: params });
  return app.inject({
    method: 'POST',
    url: call.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
