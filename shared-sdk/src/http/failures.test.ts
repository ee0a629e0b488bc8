/**
 * @jest-environment node
 */
import { setRuntimeConfig } from '../config';
import { testRuntimeConfig } from '../testing/fixtures';
import { closedOrigin, startTestServer, type TestServer } from '../testing/test-server';
import { apiGet, apiPost } from './api';
import type { ApiError } from './api-error';
import { onCallFailure, type CallFailure } from './call-failures';
import { HTTP_STATUS_MESSAGES, httpStatusMessage } from './messages';
import { setErrorNotifier } from './notifier';

let server: TestServer;
const notified: ApiError[] = [];

beforeAll(async () => {
  server = await startTestServer();
  setErrorNotifier((error) => notified.push(error));
});
afterAll(() => server.close());
beforeEach(() => {
  notified.length = 0;
  setRuntimeConfig(testRuntimeConfig(server.origin));
});

it('reports a request that cannot be built as a setup error, before anything is sent', async () => {
  server.requests.length = 0;
  await expect(apiPost('/api/material/save', { nested: { not: 'allowed' } })).rejects.toMatchObject({
    kind: 'setup',
    message: '请求错误',
  });
  expect(server.requests).toHaveLength(0);
  expect(notified.map((e) => e.message)).toEqual(['请求错误']);
});

it('reports a refused connection as a network error', async () => {
  setRuntimeConfig(testRuntimeConfig(await closedOrigin()));
  await expect(apiGet('/api/notice/getCommunityNoReadNums')).rejects.toMatchObject({
    kind: 'network',
    message: '网络错误，请检查网络',
  });
  expect(notified.map((e) => e.kind)).toEqual(['network']);
});

it('reports a timeout as a network error saying 请求超时', async () => {
  server.handle(() => ({ hang: true }));
  await expect(apiGet('/api/slow', undefined, { timeout: 50 })).rejects.toMatchObject({
    kind: 'network',
    message: '请求超时',
  });
  expect(notified).toHaveLength(1);
});

it('rejects a call its caller aborted without telling the notifier', async () => {
  server.handle(() => ({ hang: true }));
  const controller = new AbortController();
  const call = apiGet('/api/slow', undefined, { signal: controller.signal });
  controller.abort();
  await expect(call).rejects.toMatchObject({ kind: 'canceled' });
  expect(notified).toHaveLength(0);
});

describe('HTTP error statuses (docs/product.md §8)', () => {
  const table: [number, string][] = [
    [400, '请求错误'],
    [401, '未授权，请登录'],
    [403, '拒绝访问'],
    [404, '请求地址出错'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
    [418, '未知错误'],
    [599, '未知错误'],
  ];

  it.each(table)('status %i shows %s', async (status, message) => {
    server.handle(() => ({ status, body: { code: 1500, msg: 'internal detail', data: null } }));
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status, message, code: 1500 });
    expect(notified.map((e) => e.message)).toEqual([message]);
  });

  it('exports the same table', () => {
    expect(Object.keys(HTTP_STATUS_MESSAGES)).toHaveLength(11);
    for (const [status, message] of table) expect(httpStatusMessage(status)).toBe(message);
  });
});

describe('failed calls told to listeners (the host counts them against the screen)', () => {
  const told: CallFailure[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    told.length = 0;
    stop = onCallFailure((failure) => told.push(failure));
  });
  afterEach(() => stop());

  it('tells a 5xx and a call nothing answered, with the path without its query', async () => {
    server.handle(() => ({ status: 502, body: {} }));
    await apiGet('/api/draft/list', { page: 2 }).catch(() => undefined);
    setRuntimeConfig(testRuntimeConfig(await closedOrigin()));
    await apiPost('/api/material/save', { title: 'x' }).catch(() => undefined);
    expect(told).toEqual([
      { path: '/api/draft/list', method: 'GET', status: 502 },
      { path: '/api/material/save', method: 'POST', status: undefined },
    ]);
  });

  it('does not tell a refusal the server meant (a business code, a 4xx) nor a canceled call', async () => {
    server.handle(() => ({ status: 200, body: { code: 1002, msg: '参数错误', data: null } }));
    await apiGet('/api/x').catch(() => undefined);
    server.handle(() => ({ status: 404, body: {} }));
    await apiGet('/api/x').catch(() => undefined);
    server.handle(() => ({ hang: true }));
    const controller = new AbortController();
    const call = apiGet('/api/slow', undefined, { signal: controller.signal });
    controller.abort();
    await call.catch(() => undefined);
    expect(told).toEqual([]);
  });
});
