import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setRuntimeConfig } from '../config';
import { testRuntimeConfig } from './fixtures';

/** What the server side of a test saw: enough to check signatures and encodings for real. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  form: URLSearchParams;
}

export interface TestReply {
  status?: number;
  body?: unknown;
  /** Answer headers beyond the content type (a browser test's page reads them: they are exposed to any origin). */
  headers?: Record<string, string>;
  /** Never answer (timeout tests). */
  hang?: boolean;
}

export type TestHandler = (request: RecordedRequest) => TestReply;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  handle(handler: TestHandler): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free local port; answers `{code:0,msg:'ok',data:null}` until told otherwise. */
export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let handler: TestHandler = () => ({ body: { code: 0, msg: 'ok', data: null } });
  const server = http.createServer((req, res) => {
    // A jsdom page on another origin asks first (its calls carry signing headers): allowed, not recorded.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
      });
      res.end();
      return;
    }
    let rawBody = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      rawBody += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://test.invalid');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        form: new URLSearchParams(rawBody),
      };
      requests.push(recorded);
      const reply = handler(recorded);
      if (reply.hang) return;
      const exposed = Object.keys(reply.headers ?? {}).join(', ');
      res.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        ...(exposed ? { 'access-control-expose-headers': exposed } : {}),
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An origin nobody listens on: a port that was free a moment ago. */
export async function closedOrigin(): Promise<string> {
  const server = await startTestServer();
  const origin = server.origin;
  await server.close();
  return origin;
}

/**
 * The usual set-up of a test file that talks to one test server: started before the file's tests,
 * the SDK's runtime config pointed at it, its request log emptied before each test, closed after.
 * Call it at the top of the file; the server it returns can be used inside tests and hooks.
 */
export function testServerForFile(): TestServer {
  let server: TestServer | null = null;
  const started = (): TestServer => {
    if (!server) throw new Error('testServerForFile: the server is started in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer();
    setRuntimeConfig(testRuntimeConfig(server.origin));
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    started().requests.length = 0;
  });
  return {
    get origin() {
      return started().origin;
    },
    get requests() {
      return started().requests;
    },
    handle: (handler) => started().handle(handler),
    close: () => started().close(),
  };
}
