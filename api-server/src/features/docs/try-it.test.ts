/**
 * "Try it out" on the documentation page: the page loads the signing script as a file of its own,
 * and that script, run as the page runs it, logs in with a demo account and makes signed calls the
 * server accepts (GET and form POST), each with its own nonce, and forgets the token on logout.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import vm from 'node:vm';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { setUpTestApp } from '../../testing/test-app';
import { DOCS_PREFIX, TRY_IT_FILE } from './index';
import type { TryItPage, TryItRequest } from './try-it';

const ORIGIN = 'http://127.0.0.1:3000';
const SCRIPT_PATH = `${DOCS_PREFIX}/static/theme/${TRY_IT_FILE}`;

const harness = setUpTestApp();

/** A page with the script loaded as a browser loads it: a global `window` and nothing of node. */
async function loadPage(): Promise<Required<Pick<TryItPage, 'creatorDocs'>> & { storage: Map<string, string> }> {
  const script = await harness.app.inject({ method: 'GET', url: SCRIPT_PATH });
  assert.equal(script.statusCode, 200);
  assert.match(String(script.headers['content-type']), /javascript/);
  const storage = new Map<string, string>();
  const page: Record<string, unknown> = {
    location: { origin: ORIGIN },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    fetch: async (url: string) => {
      const answer = await harness.app.inject({ method: 'GET', url });
      return { json: async () => answer.json() as unknown };
    },
    URL,
    URLSearchParams,
    crypto: globalThis.crypto,
  };
  page.window = page;
  vm.runInNewContext(script.body, page);
  const creatorDocs = page.creatorDocs as TryItPage['creatorDocs'];
  assert.ok(creatorDocs, 'the script installs its interceptors');
  return { creatorDocs, storage };
}

type Page = Awaited<ReturnType<typeof loadPage>>;

/** What Swagger UI does with a request: the interceptor, the call, then the answer interceptor. */
async function tryIt(page: Page, request: TryItRequest) {
  const sent = await page.creatorDocs.requestInterceptor(request);
  const url = new URL(sent.url);
  const response = await harness.app.inject({
    method: sent.method as 'GET' | 'POST',
    url: `${url.pathname}${url.search}`,
    headers: sent.headers,
    ...(typeof sent.body === 'string' ? { payload: sent.body } : {}),
  });
  const body = response.json() as { code: number; msg: string; data: unknown };
  page.creatorDocs.responseInterceptor({ url: sent.url, body });
  return { sent, body };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('documentation page: try it out', () => {
  it('loads the signing script from the page, as a file', async () => {
    const html = (await harness.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` })).body;
    assert.match(html, new RegExp(`<script src="[^"]*/theme/${TRY_IT_FILE}"`));
    const initializer = (await harness.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` })).body;
    assert.match(initializer, /requestInterceptor/);
    assert.match(initializer, /responseInterceptor/);
  });

  it('logs in with a demo account on the page and makes signed calls with its token', async () => {
    const page = await loadPage();
    const before = await tryIt(page, { url: `${ORIGIN}/api/user/mpBaseUserinfo`, method: 'GET', headers: {} });
    assert.equal(before.body.code, -1, 'signed, but no login yet: the token is missing');

    const login = await tryIt(page, { url: `${ORIGIN}/login/admin/login`, method: 'POST', headers: form, body: `phone=13800000001&password=${DEMO_PASSWORD}` });
    assert.equal(login.body.code, 0, login.body.msg);
    assert.equal(new URL(login.sent.url).searchParams.get('sign')?.length, 32);

    const info = await tryIt(page, { url: `${ORIGIN}/api/user/mpBaseUserinfo`, method: 'GET', headers: {} });
    assert.equal(info.body.code, 0, info.body.msg);
    assert.equal((info.body.data as { u_nickname: string }).u_nickname.length > 0, true);

    const read = await tryIt(page, { url: `${ORIGIN}/api/notice/read`, method: 'POST', headers: form, body: 'all=1&type=0' });
    assert.equal(read.body.code, 0, read.body.msg);
    // A second call gets a nonce of its own: the server would refuse a replay.
    const again = await tryIt(page, { url: `${ORIGIN}/api/notice/read`, method: 'POST', headers: form, body: 'all=1&type=0' });
    assert.equal(again.body.code, 0, again.body.msg);
    assert.notEqual(new URL(again.sent.url).searchParams.get('nonce'), new URL(read.sent.url).searchParams.get('nonce'));

    const quit = await tryIt(page, { url: `${ORIGIN}/login/admin/quit`, method: 'POST', headers: form, body: '' });
    assert.equal(quit.body.code, 0, quit.body.msg);
    assert.equal(page.storage.size, 0, 'logout forgets the token');
  });

  it('leaves the document request and other origins alone', async () => {
    const page = await loadPage();
    const spec = { url: `${ORIGIN}/api/openapi.json`, method: 'GET', headers: {}, loadSpec: true };
    assert.deepEqual(await page.creatorDocs.requestInterceptor(spec), spec);
    const elsewhere = { url: 'https://example.com/api/user/mpBaseUserinfo', method: 'GET', headers: {} };
    assert.deepEqual(await page.creatorDocs.requestInterceptor(elsewhere), elsewhere);
  });
});
