/**
 * @jest-environment node
 */
import { computeSign } from '../contract';
import { setErrorNotifier } from '../http/notifier';
import { ApiError } from '../http/api-error';
import { bindStore, sessionStarted } from '../session';
import { makeUser, TEST_SECRET } from '../testing/fixtures';
import { testServerForFile } from '../testing/test-server';
import { baseApi } from './base-api';
import { createAppStore } from './app-store';
import { queryResult } from './base-query';

// What a remote does: add its endpoints to the one API of the page.
const scoreApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserScore: build.query<{ user_score: number }, void>({
      query: () => ({ url: '/api/creatorScore/getUserScore' }),
    }),
    deleteDraft: build.mutation<null, { ids: string; global_ids: string }>({
      query: (body) => ({ url: '/api/draft/del', method: 'POST', body, skipErrorHandler: true }),
    }),
  }),
});

const server = testServerForFile();
const notified: ApiError[] = [];
beforeAll(() => setErrorNotifier((error) => notified.push(error)));

function loggedInStore() {
  const store = createAppStore();
  store.dispatch(sessionStarted(makeUser({ token: 'tok-rtk' })));
  bindStore(store);
  return store;
}

it('puts the unwrapped data of a signed call into the cache', async () => {
  const store = loggedInStore();
  server.handle(() => ({ body: { code: 0, msg: 'ok', data: { user_score: 42 } } }));
  const result = await store.dispatch(scoreApi.endpoints.getUserScore.initiate());

  expect(result.data).toEqual({ user_score: 42 });
  expect(scoreApi.endpoints.getUserScore.select()(store.getState()).data).toEqual({ user_score: 42 });
  const request = server.requests.at(-1)!;
  const query = Object.fromEntries(request.query);
  expect(query.token).toBe('tok-rtk');
  expect(query.sign).toBe(computeSign(query, TEST_SECRET, { method: request.method, path: request.path }));
});

it('returns a serialisable error with kind, code and message', async () => {
  const store = loggedInStore();
  server.handle(() => ({ body: { code: 1003, msg: '无权删除该草稿', data: null } }));
  const result = await store.dispatch(scoreApi.endpoints.deleteDraft.initiate({ ids: '1', global_ids: 'g1' }));

  expect(result).toEqual({ error: { kind: 'business', code: 1003, message: '无权删除该草稿', data: null } });
  expect(server.requests.at(-1)!.form.get('global_ids')).toBe('g1');
  // The mutation asked to handle its own error.
  expect(notified).toHaveLength(0);
});

it('reports an HTTP status through the notifier unless skipped', async () => {
  const store = loggedInStore();
  server.handle(() => ({ status: 502, body: null }));
  const result = await store.dispatch(scoreApi.endpoints.getUserScore.initiate(undefined, { forceRefetch: true }));

  expect(result.error).toEqual({ kind: 'http', status: 502, message: '网关错误', data: null });
  expect(notified.map((e) => e.message)).toEqual(['网关错误']);
});

describe('queryResult', () => {
  it('answers a client call’s data, or its failure as sdkBaseQuery maps it', async () => {
    expect(await queryResult(() => Promise.resolve(3))).toEqual({ data: 3 });
    const refused = new ApiError({ kind: 'business', code: 1009, status: 200, message: '您已提交申诉，请等待处理' });
    expect(await queryResult(() => Promise.reject(refused))).toEqual({
      error: { kind: 'business', code: 1009, status: 200, message: '您已提交申诉，请等待处理' },
    });
    const bug = await queryResult(() => Promise.reject(new TypeError('x is undefined')));
    expect('error' in bug && bug.error.kind).toBe('setup');
  });
});
