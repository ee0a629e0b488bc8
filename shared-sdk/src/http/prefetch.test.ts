/**
 * @jest-environment node
 */
import { bindStore, sessionStarted } from '../session';
import { createAppStore } from '../store';
import { makeUser } from '../testing/fixtures';
import { testServerForFile } from '../testing/test-server';
import { apiGet, apiPost } from './api';
import { callKey, PREFETCH_REUSE_MS, prefetchCall, routeDataCall } from './prefetch';

const server = testServerForFile();
let unbind: () => void;
beforeEach(() => {
  let served = 0;
  server.handle(() => ({ body: { code: 0, msg: 'ok', data: { served: ++served } } }));
  const store = createAppStore();
  store.dispatch(sessionStarted(makeUser({ token: 'tok-early' })));
  unbind = bindStore(store);
});
afterEach(() => unbind());

const search = { type: 0, page: 1, size: 10 };

describe('calls started before their screen', () => {
  it('answers the screen’s identical call from the one already sent: one request, the same answer', async () => {
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    const answer = await apiGet<{ served: number }>('/api/draft/search', { size: 10, page: 1, type: 0 });
    expect(answer).toEqual({ served: 1 });
    expect(server.requests).toHaveLength(1);
    // Taken once: the next identical call goes to the server.
    expect(await apiGet('/api/draft/search', search)).toEqual({ served: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('sends a call that differs in anything (a parameter, the method) as usual', async () => {
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    await apiGet('/api/draft/search', { ...search, title: '黄河' });
    await apiPost('/api/draft/search', search);
    expect(server.requests.map((request) => `${request.method} ${request.query.get('title') ?? ''}`)).toEqual(['GET ', 'GET 黄河', 'POST ']);
  });

  it('forgets an early call once a POST is sent: the refetch after a change reads the server again', async () => {
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    // The early call has been answered (the list as it was) before the deletion.
    while (server.requests.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    await apiPost('/api/draft/del', { ids: '7' });
    expect(await apiGet('/api/draft/search', search)).toEqual({ served: 3 });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/draft/search',
      'POST /api/draft/del',
      'GET /api/draft/search',
    ]);
  });

  it('survives a POST that changes nothing a screen reads (a load report)', async () => {
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    await apiPost('/api/runtime/remote-load', { remote: 'mf-drafts', ok: 'true' }, { keepPrefetched: true });
    expect(await apiGet('/api/draft/search', search)).toMatchObject({ served: expect.any(Number) });
    expect(server.requests.filter((request) => request.path === '/api/draft/search')).toHaveLength(1);
  });

  it('hands a refusal to the screen’s call, which reports it as its own', async () => {
    server.handle(() => ({ body: { code: 1006, msg: '账号已被封禁', data: null } }));
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    const failure = await apiGet('/api/draft/search', search, { skipErrorHandler: true }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'business', code: 1006, message: '账号已被封禁' });
    expect(server.requests).toHaveLength(1);
  });

  it('does not send an identical call again while a recent one waits (hover, then the click); an older one is replaced', async () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      prefetchCall({ path: '/api/draft/search', params: { ...search } });
      now.mockReturnValue(1_000_000 + PREFETCH_REUSE_MS - 1);
      prefetchCall({ path: '/api/draft/search', params: { ...search } });
      expect(await apiGet('/api/draft/search', search)).toEqual({ served: 1 });
      expect(server.requests).toHaveLength(1);

      prefetchCall({ path: '/api/draft/search', params: { ...search } });
      now.mockReturnValue(1_000_000 + 3 * PREFETCH_REUSE_MS);
      prefetchCall({ path: '/api/draft/search', params: { ...search } });
      // The fresh one answers: the screen reads what the server said last.
      expect(await apiGet('/api/draft/search', search)).toEqual({ served: 3 });
      expect(server.requests).toHaveLength(3);
    } finally {
      now.mockRestore();
    }
  });

  it('is not used by another session, and is not started without one', async () => {
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    unbind();
    const other = createAppStore();
    other.dispatch(sessionStarted(makeUser({ token: 'tok-other' })));
    unbind = bindStore(other);
    await apiGet('/api/draft/search', search);
    expect(server.requests.map((request) => request.query.get('token'))).toEqual(['tok-early', 'tok-other']);

    unbind();
    unbind = bindStore(createAppStore());
    server.requests.length = 0;
    prefetchCall({ path: '/api/draft/search', params: { ...search } });
    expect(server.requests).toHaveLength(0);
  });
});

describe('routeDataCall', () => {
  const data = { url: '/api/draft/search', params: { type: 0, page: 1, size: 10 }, fromQuery: { type: 'type', page: 'page', title: 'title' } };

  it('takes the mapped query parameters over the defaults, numbers as numbers', () => {
    expect(routeDataCall(data, '?type=2&page=3&title=%E9%BB%84%E6%B2%B3&other=1')).toEqual({
      path: '/api/draft/search',
      method: 'GET',
      params: { type: 2, page: 3, size: 10, title: '黄河' },
    });
  });

  it('keeps the defaults for absent or empty parameters and leaves out a field without one', () => {
    expect(routeDataCall(data, '?title=')).toEqual({ path: '/api/draft/search', method: 'GET', params: { type: 0, page: 1, size: 10 } });
  });

  it('makes the same call as the screen that sends the defaults', () => {
    expect(callKey(routeDataCall(data, ''))).toBe(callKey({ path: '/api/draft/search', params: { type: 0, page: 1, size: 10, title: undefined } }));
  });
});
