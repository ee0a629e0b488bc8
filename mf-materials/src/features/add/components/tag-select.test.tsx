/**
 * The add form's tag picker against a real HTTP server (RTK Query, the SDK's signed client): a keyword
 * longer than a tag may be is not sent and not offered for creation; the picker shows the server's rule.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiError, setErrorNotifier, setRuntimeConfig } from 'shared-sdk';
import { LABEL_MESSAGES, LABEL_NAME_MAX } from 'shared-sdk/rules';
import { renderWithProviders } from 'shared-sdk/testing';
import { TagSelect } from './tag-select';

/** The keywords the label calls carried, in order. */
const searched: string[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      // The SDK sends a form body (name=…&create=…).
      if (new URL(req.url ?? '/', 'http://x').pathname === '/api/label/list') searched.push(new URLSearchParams(raw).get('name') ?? '');
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ code: 0, msg: 'success', data: [] }));
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
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

jest.setTimeout(30_000);

// An emoji is one character to the server (code points), two UTF-16 code units to the browser.
const EMOJI = '😀';

it(`searches a keyword of ${LABEL_NAME_MAX} characters and offers to create it`, async () => {
  const user = userEvent.setup();
  const errors: ApiError[] = [];
  setErrorNotifier((error) => errors.push(error));
  renderWithProviders(<TagSelect />);
  await user.click(screen.getByRole('combobox', { name: '标签' }));
  await user.paste(EMOJI.repeat(LABEL_NAME_MAX));
  expect(await screen.findByText(`创建标签：${EMOJI.repeat(LABEL_NAME_MAX)}`)).toBeInTheDocument();
  expect(searched).toContain(EMOJI.repeat(LABEL_NAME_MAX));
  expect(screen.queryByText(LABEL_MESSAGES.NAME_TOO_LONG)).not.toBeInTheDocument();
  expect(errors).toEqual([]);
});

it(`says a tag is at most ${LABEL_NAME_MAX} characters, sends nothing and offers nothing to create above that`, async () => {
  const user = userEvent.setup();
  const errors: ApiError[] = [];
  setErrorNotifier((error) => errors.push(error));
  searched.length = 0;
  renderWithProviders(<TagSelect />);
  await user.click(screen.getByRole('combobox', { name: '标签' }));
  const tooLong = EMOJI.repeat(LABEL_NAME_MAX + 1);
  await user.paste(tooLong);
  expect(await screen.findByRole('alert')).toHaveTextContent(LABEL_MESSAGES.NAME_TOO_LONG);
  expect(screen.queryByText(`创建标签：${tooLong}`)).not.toBeInTheDocument();
  expect(searched).not.toContain(tooLong);
  expect(errors).toEqual([]);
});
