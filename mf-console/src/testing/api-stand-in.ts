/**
 * The API as the console's tests stand it in: the JSON calls answered at `fetch` (the console's
 * client sends those through it), the calls sent with XMLHttpRequest (uploads, for their progress) by
 * a real local server, as the browser sends them. Each records what it was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setRuntimeConfig } from 'shared-sdk';
import { ApiCode } from 'shared-sdk/contract';

/** The envelope the API answers with. */
export interface Answer {
  code: number;
  msg: string;
  data: unknown;
}

/** A call as it was sent: its URL as given, path, query, and its JSON body (null without one). */
export interface FetchCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * The HTTP status the operator API gives an envelope. Its error handler (api-server's
 * src/plugins/app/error-handler.ts) answers an ApiError with the status it was thrown with, 200 unless
 * given (src/lib/api-error.ts): -1 is thrown with 401 and 1003 with 403 (src/plugins/app/operator-auth.ts,
 * src/features/releases/release-api.ts), an unexpected failure is 1500 with 500; every other refusal
 * (1002, 1004, 1009, the sign-in throttle's 1008…) is answered with 200, as success is.
 */
export function statusOf(code: number): number {
  if (code === ApiCode.TOKEN_EXPIRED) return 401;
  if (code === ApiCode.FORBIDDEN) return 403;
  if (code === ApiCode.SERVER_ERROR) return 500;
  return 200;
}

/**
 * Answers `fetch` with `respond` from each test of the file on (set it with `answer`), `fetch`
 * restored after each; `calls` lists what each test sent.
 */
export function fetchStandIn(respond: (call: FetchCall) => Answer = () => ({ code: 0, msg: 'ok', data: null })) {
  const calls: FetchCall[] = [];
  let handler = respond;
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    calls.length = 0;
    // jsdom has no Response: the client reads only `status` and `json()`.
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const parsed = new URL(url, 'http://test.invalid');
      const call: FetchCall = {
        method: init?.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
      };
      calls.push(call);
      const { code, msg, data } = handler(call);
      return { status: statusOf(code), ok: statusOf(code) === 200, json: async () => ({ code, msg, data }) };
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
    handler = respond;
  });
  return {
    calls,
    /** How this test's calls are answered (reset to the file's after it). */
    answer(next: (call: FetchCall) => Answer) {
      handler = next;
    },
  };
}

/** A request the local server received: its body as bytes (latin1), its media type. */
export interface ServerCall {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string;
  body: string;
}

export type ServerHandler = (call: ServerCall, reply: (answer: Answer, status?: number) => void) => void;

/**
 * A real local server for the file's tests, the SDK's hosts pointed at it: it answers the page's
 * cross-origin requests (the console and the API are one origin in production; here jsdom's page is
 * another) with `handle`'s handler, which may answer later or never; `calls` lists what it received.
 */
export function localApiServer() {
  const calls: ServerCall[] = [];
  let handler: ServerHandler = () => undefined;
  let server: http.Server | null = null;
  beforeAll(async () => {
    const started = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
        res.setHeader('access-control-allow-credentials', 'true');
        res.setHeader('access-control-allow-headers', 'content-type');
        res.setHeader('access-control-allow-methods', 'POST');
        if (req.method === 'OPTIONS') return void res.end();
        const url = new URL(req.url ?? '/', 'http://test.invalid');
        const call = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          contentType: req.headers['content-type'] ?? '',
          body: Buffer.concat(chunks).toString('latin1'),
        };
        calls.push(call);
        handler(call, (answer, status = statusOf(answer.code)) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        });
      });
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
    setRuntimeConfig({
      hosts: { main: origin, newspaper: origin, user: origin, analytics: origin },
      appId: 'test-app',
      appSecret: 'test-secret',
      customerServiceUrl: '',
      env: { name: 'test', production: false },
    });
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });
  beforeEach(() => {
    calls.length = 0;
    handler = () => undefined;
  });
  return {
    calls,
    handle(next: ServerHandler) {
      handler = next;
    },
  };
}
