/**
 * @jest-environment node
 */
import { apiGet } from '../http/api';
import { setErrorNotifier } from '../http/notifier';
import { testRuntimeConfig } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';
import { getRuntimeConfig, loadRuntimeConfig } from './runtime-config';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  setErrorNotifier(() => undefined);
});
afterAll(() => server.close());

// Order matters here: the module keeps one config, as it does in the page.
it('throws a clear error when read before it is loaded', () => {
  expect(() => getRuntimeConfig()).toThrow(/runtime config is not loaded/);
});

it('fails a request made before the config is loaded as a setup error', async () => {
  await expect(apiGet('/api/x')).rejects.toMatchObject({ kind: 'setup', message: '请求错误' });
});

it('does not cache a failed load, so the host can retry', async () => {
  server.handle(() => ({ status: 503, body: null }));
  await expect(loadRuntimeConfig(`${server.origin}/api/runtime/config`)).rejects.toThrow();
  server.handle(() => ({ body: { code: 0, msg: 'ok', data: { appId: 'no-hosts' } } }));
  await expect(loadRuntimeConfig(`${server.origin}/api/runtime/config`)).rejects.toThrow(/no hosts/);
});

it('loads the config from its envelope once and keeps it', async () => {
  const config = testRuntimeConfig(server.origin);
  server.requests.length = 0;
  server.handle(() => ({ body: { code: 0, msg: 'ok', data: config } }));
  const url = `${server.origin}/api/runtime/config`;

  const [first, second] = await Promise.all([loadRuntimeConfig(url), loadRuntimeConfig(url)]);
  await loadRuntimeConfig(url);

  expect(first).toEqual(config);
  expect(second).toBe(first);
  expect(getRuntimeConfig()).toBe(first);
  expect(server.requests).toHaveLength(1);
});
