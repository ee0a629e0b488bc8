/**
 * @jest-environment node
 */
import { computeSign, NONCE_PATTERN } from '../contract';
import { bindStore, sessionStarted } from '../session';
import { createAppStore } from '../store';
import { makeUser, TEST_SECRET } from '../testing/fixtures';
import { testServerForFile, type RecordedRequest } from '../testing/test-server';
import { apiGet, apiPost } from './api';

/** What the server does: recompute the sign over every received field but `sign`, its method and path. */
function verifySign(request: RecordedRequest, fields: URLSearchParams): boolean {
  const received = Object.fromEntries(fields);
  return received.sign === computeSign(received, TEST_SECRET, { method: request.method, path: request.path });
}

const server = testServerForFile();

describe('main host signing', () => {
  it('signs a GET in its query: params, timestamp, app_id, token and sign', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted(makeUser({ token: 'tok-get' })));
    const unbind = bindStore(store);
    const before = Date.now();
    await apiGet('/api/draft/search', { type: 1, page: 2, size: 10, title: '两会 报道', empty: undefined });
    unbind();

    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/api/draft/search');
    const query = request!.query;
    expect(query.get('type')).toBe('1');
    expect(query.get('title')).toBe('两会 报道');
    expect(query.has('empty')).toBe(false);
    expect(query.get('app_id')).toBe('test-app');
    expect(query.get('token')).toBe('tok-get');
    expect(Number(query.get('timestamp'))).toBeGreaterThanOrEqual(before);
    expect(Number(query.get('timestamp'))).toBeLessThanOrEqual(Date.now());
    expect(verifySign(request!, query)).toBe(true);
  });

  it('sends a report that must outlive the page by fetch with keepalive, signed the same way', async () => {
    const store = createAppStore();
    store.dispatch(sessionStarted(makeUser({ token: 'tok-hide' })));
    const unbind = bindStore(store);
    const realFetch = globalThis.fetch;
    const inits: (RequestInit | undefined)[] = [];
    globalThis.fetch = (input, init) => {
      inits.push(init);
      return realFetch(input, init);
    };
    try {
      await apiPost('/api/runtime/remote-errors', { pageLoad: 'p-1', items: '[]' }, { keepalive: true });
    } finally {
      globalThis.fetch = realFetch;
      unbind();
    }
    expect(inits.map((init) => init?.keepalive)).toEqual([true]);
    const [request] = server.requests;
    expect(request?.form.get('pageLoad')).toBe('p-1');
    expect(request?.form.get('token')).toBe('tok-hide');
    expect(verifySign(request!, request!.form)).toBe(true);
  });

  it('signs a POST as a form-encoded body, with arrays joined by commas', async () => {
    await apiPost('/api/material/delChild', { ids: [3, 5, 8], note: 'a&b=c' });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request?.query.size).toBe(0);
    expect(request?.form.get('ids')).toBe('3,5,8');
    expect(request?.form.get('note')).toBe('a&b=c');
    expect(verifySign(request!, request!.form)).toBe(true);
  });

  it('sends an empty token when nobody is logged in, and still signs', async () => {
    await apiPost('/login/admin/quit');
    const request = server.requests[0]!;
    expect(request.form.get('token')).toBe('');
    expect(verifySign(request, request.form)).toBe(true);
  });

  it('a tampered field no longer matches the sign', async () => {
    await apiGet('/api/user/getToolList', { page: 1 });
    const request = server.requests[0]!;
    const query = new URLSearchParams(request.query);
    query.set('page', '2');
    expect(verifySign(request, query)).toBe(false);
  });

  it('sends a fresh nonce with every call, inside the signed fields', async () => {
    await apiGet('/api/user/getToolList');
    await apiGet('/api/user/getToolList');
    const [first, second] = server.requests.map((request) => request.query);
    expect(first?.get('nonce')).toMatch(NONCE_PATTERN);
    expect(second?.get('nonce')).toMatch(NONCE_PATTERN);
    expect(first?.get('nonce')).not.toBe(second?.get('nonce'));
    const changed = new URLSearchParams(first);
    changed.set('nonce', second!.get('nonce')!);
    expect(verifySign(server.requests[0]!, changed)).toBe(false);
  });

  it('binds the sign to the method and the path: the same fields do not verify for another call', async () => {
    await apiPost('/api/material/delChild', { ids: '3' });
    const request = server.requests[0]!;
    expect(verifySign(request, request.form)).toBe(true);
    expect(verifySign({ ...request, path: '/api/draft/del' }, request.form)).toBe(false);
    expect(verifySign({ ...request, method: 'GET' }, request.form)).toBe(false);
  });
});
