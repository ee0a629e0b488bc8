/**
 * Calling the product's API from a test the way its own client does: every call signed with
 * shared-sdk's scheme (the same code the browser and the server use), with the page's session token.
 */
import type { Page } from 'playwright-core';
import { type ApiEnvelope, computeSign, newNonce, type RuntimeConfig, type SignableParams } from 'shared-sdk/contract';
import { baseUrl } from './env';

/** The product's answer envelope. */
export type Answer<T> = ApiEnvelope<T>;

/** The signed-in user's token, as the page's client keeps it. */
export function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token ?? '');
}

/**
 * One signed call to the server at `server`. `clockOffset` (ms) dates the signature for a server
 * whose clock runs ahead.
 */
export async function signedCall<T>(
  server: string,
  token: string,
  method: 'GET' | 'POST',
  route: string,
  params: SignableParams,
  clockOffset = 0,
): Promise<Answer<T>> {
  const config = (await (await fetch(`${server}/api/runtime/config`)).json()) as Answer<RuntimeConfig>;
  const fields: SignableParams = { ...params, timestamp: Date.now() + clockOffset, app_id: config.data.appId, token, nonce: newNonce() };
  fields.sign = computeSign(fields, config.data.appSecret, { method, path: route });
  const form = new URLSearchParams(Object.entries(fields).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]])));
  const res =
    method === 'GET'
      ? await fetch(`${server}${route}?${form}`)
      : await fetch(`${server}${route}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  return (await res.json()) as Answer<T>;
}

/** A signed call from a logged-in page: its token, to the server it was loaded from. */
export async function signedFromPage<T>(page: Page, server: string, method: 'GET' | 'POST', route: string, params: SignableParams): Promise<Answer<T>> {
  return signedCall<T>(server, await tokenOf(page), method, route, params);
}

/** A signed call from a logged-in page of the product under test, as its own client would send it. */
export function signed<T>(page: Page, method: 'GET' | 'POST', route: string, params: SignableParams): Promise<Answer<T>> {
  return signedFromPage<T>(page, baseUrl, method, route, params);
}
