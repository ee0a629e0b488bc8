/**
 * The detail screen against a real HTTP server (RTK Query, the SDK's signed client, its error
 * notifier): after a successful delete the screen says 删除素材成功 and returns to my library, and no
 * error follows (the detail that was just deleted is not read again, which would answer
 * 素材不存在或已删除).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiError, type MaterialDetail, setErrorNotifier, setRuntimeConfig } from 'shared-sdk';
import { renderScreen } from 'shared-sdk/testing';
import { MaterialDetailPage } from './material-detail-page';

const MATERIAL: MaterialDetail = {
  cm_id: 7,
  cm_type: 2,
  cm_url: '/oss/creator/image/20260101/u1/a.png',
  cm_icon_url: '/oss/creator/image/20260101/u1/a.png',
  cm_title: '春日田野',
  cm_check: 2,
  is_my: true,
  update_time: '2026-01-01 10:00:00',
  nick_name: '创作者小王',
  size: 2048,
  other: { describe: '春日田野，演示素材。' },
  logs: [],
  manuscript: [],
};

/** The server side: the material exists until delChild, then showChild answers 1004 as the API does. */
let deleted = false;
const calls: string[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    req.resume();
    req.on('end', () => {
      calls.push(path);
      let body: unknown = { code: 0, msg: 'success', data: null };
      if (path === '/api/material/showChild')
        body = deleted ? { code: 1004, msg: '素材不存在或已删除', data: null } : { code: 0, msg: 'success', data: MATERIAL };
      if (path === '/api/material/delChild') {
        deleted = true;
        body = { code: 0, msg: '删除素材成功', data: null };
      }
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setRuntimeConfig({
    hosts: { main: origin, newspaper: origin, user: origin, analytics: origin },
    appId: 'test-app',
    appSecret: 'test-secret',
    customerServiceUrl: '',
    env: { name: 'test', production: false },
  });
});
afterAll(async () => {
  setErrorNotifier(null);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

jest.setTimeout(30_000);

function Library() {
  return <p>我的素材库</p>;
}

it('after a successful delete from the detail screen, no error is reported', async () => {
  const errors: ApiError[] = [];
  setErrorNotifier((error) => errors.push(error));
  renderScreen(MaterialDetailPage, '/material/detail', '/material/detail?materialId=7', { extraRoutes: { '/material/:myset': Library } });
  expect(await screen.findByText('春日田野')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: '删除' }));
  const box = await screen.findByRole('dialog', { name: '确认删除该素材' });
  await userEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('删除素材成功')).toBeInTheDocument();
  expect(await screen.findByText('我的素材库')).toBeInTheDocument();

  // Give a stray re-read of the detail every chance to arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await waitFor(() => expect(calls).toContain('/api/material/delChild'));
  expect(calls.filter((path) => path === '/api/material/showChild')).toHaveLength(1);
  expect(errors.map((error) => error.message)).toEqual([]);
  expect(screen.queryByText('素材不存在或已删除')).not.toBeInTheDocument();
});
