/**
 * @jest-environment node
 */
import { bindStore, onSessionEvent, selectIsLoggedIn, sessionStarted, tokenExpireCleared } from '../session';
import { createAppStore, type AppStore } from '../store';
import { makeUser } from '../testing/fixtures';
import { testServerForFile } from '../testing/test-server';
import { apiGet, apiPost } from './api';
import { ApiError } from './api-error';
import { setErrorNotifier } from './notifier';

const server = testServerForFile();
let store: AppStore;
let unbind: () => void;
const notified: ApiError[] = [];

beforeAll(() => setErrorNotifier((error) => notified.push(error)));
beforeEach(() => {
  notified.length = 0;
  store = createAppStore();
  store.dispatch(sessionStarted(makeUser()));
  unbind = bindStore(store);
});
afterEach(() => unbind());

const answer = (code: number, msg: string, data: unknown) => () => ({ body: { code, msg, data } });

it('resolves to data when the code is 0', async () => {
  server.handle(answer(0, 'success', { user_score: 88 }));
  await expect(apiGet('/api/creatorScore/getUserScore')).resolves.toEqual({ user_score: 88 });
  expect(notified).toHaveLength(0);
});

describe('a business error (non-zero code)', () => {
  it('rejects with the server msg, code and data, and tells the notifier', async () => {
    server.handle(answer(1005, '请先完成实名认证', { need: 'cert' }));
    const error = await apiPost('/api/draft/del', { ids: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 1005, message: '请先完成实名认证', data: { need: 'cert' } });
    expect(notified.map((e) => e.message)).toEqual(['请先完成实名认证']);
  });

  it('leaves the notifier silent with skipErrorHandler, the caller still gets the error', async () => {
    server.handle(answer(1009, '素材已被使用', null));
    await expect(apiGet('/api/material/list', {}, { skipErrorHandler: true })).rejects.toMatchObject({
      kind: 'business',
      message: '素材已被使用',
    });
    expect(notified).toHaveLength(0);
  });

  it('treats a 2xx answer that is not an envelope as an unknown error', async () => {
    server.handle(() => ({ body: '<html></html>' }));
    await expect(apiGet('/api/anything')).rejects.toMatchObject({ kind: 'http', status: 200, message: '未知错误' });
  });
});

describe('code -1 (token expired)', () => {
  it('marks the session expired, emits token-expired with the message, and rejects', async () => {
    const heard: string[] = [];
    const off = onSessionEvent('token-expired', ({ message }) => heard.push(message));
    server.handle(answer(-1, 'token invalid', null));

    await expect(apiGet('/api/user/mpBaseUserinfo')).rejects.toMatchObject({
      kind: 'token-expired',
      code: -1,
      message: '登录已过期，请重新登录',
    });
    off();
    expect(store.getState().session.user?.tokenExpire).toBe(true);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(heard).toEqual(['登录已过期，请重新登录']);
    // The host shows the message from the event; the notifier would show it a second time.
    expect(notified).toHaveLength(0);
  });

  it('tells the host once when parallel calls expire together, again after the flag is cleared', async () => {
    const heard = jest.fn();
    const off = onSessionEvent('token-expired', heard);
    server.handle(answer(-1, 'token invalid', null));
    const calls = ['/a', '/b', '/c'].map((path) => apiGet(path).catch(() => undefined));
    await Promise.all(calls);
    expect(heard).toHaveBeenCalledTimes(1);

    store.dispatch(tokenExpireCleared());
    await apiGet('/d').catch(() => undefined);
    off();
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('is recognised in an error status answer too', async () => {
    const heard = jest.fn();
    const off = onSessionEvent('token-expired', heard);
    server.handle(() => ({ status: 401, body: { code: -1, msg: 'expired', data: null } }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ kind: 'token-expired' });
    off();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('goes to /login itself when nobody listens', async () => {
    const assign = jest.fn();
    Object.defineProperty(globalThis, 'window', { value: { location: { assign } }, configurable: true });
    server.handle(answer(-1, 'token invalid', null));
    try {
      await expect(apiGet('/api/x')).rejects.toMatchObject({ kind: 'token-expired' });
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
