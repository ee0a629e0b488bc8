/**
 * The storage's final refusals reach the creator as a clear message, and are not retried: ali-oss's
 * browser build (what the pages load) in jsdom, against a local server answering as the embedded
 * storage refuses (OSS error XML; the 20 MB body limit's 413 with the server's envelope).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TosToken } from '../contract';
import { STORAGE_REFUSAL_MESSAGES, StorageRefusal, isStorageRefusal, storageRefusalOf } from './storage-refusal';

jest.mock('ali-oss', () => jest.requireActual<object>('ali-oss/dist/aliyun-oss-sdk.js'));

const TOKEN: TosToken = {
  regionId: 'embedded',
  endpoint: '/oss',
  bucket: 'creator',
  accessKeyId: 'STS.test',
  secretAccessKey: 'secret',
  sessionToken: 'session',
  keyScope: 'u7',
  expiration: '2026-11-22T10:00:00.000Z',
};

jest.mock('../http/call', () => ({ callApi: jest.fn(() => Promise.resolve(TOKEN)) }));

/** Answers initiations with `initiate`, and every part with `part`; counts the requests. */
async function refusingStorage(initiate: [number, string] | null, part: [number, string]) {
  const calls = { initiate: 0, part: 0 };
  const server = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, PUT, POST, DELETE, HEAD',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-expose-headers': 'ETag, x-oss-request-id',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(200, cors).end();
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://oss.invalid');
      const send = ([status, body]: [number, string], type = body.startsWith('{') ? 'application/json' : 'application/xml') =>
        res.writeHead(status, { ...cors, 'content-type': type }).end(body);
      if (req.method === 'POST' && url.searchParams.has('uploads')) {
        calls.initiate += 1;
        send(initiate ?? [200, '<InitiateMultipartUploadResult><Bucket>creator</Bucket><Key>k</Key><UploadId>up1</UploadId></InitiateMultipartUploadResult>']);
      } else if (req.method === 'PUT') {
        calls.part += 1;
        send(part);
      } else send([400, '<Error><Code>NotImplemented</Code></Error>']);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const error = (code: string, message = 'x') => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
const file = (size: number) => new File([new Uint8Array(new ArrayBuffer(size))], 'photo.png', { type: 'image/png' });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());
jest.setTimeout(30_000);

it.each([
  ['QuotaExceeded', 403, 'initiate'],
  ['TooManyOpenUploads', 403, 'initiate'],
  ['EntityTooLarge', 413, 'part'],
] as const)('answers %s with its message, at once (no retry)', async (code, status, where) => {
  const storage = await refusingStorage(where === 'initiate' ? [status, error(code)] : null, [status, error(code)]);
  try {
    const { uploadToStorage } = await import('./upload-to-storage');
    const upload = uploadToStorage(file(300 * 1024), 'image', undefined, { origin: storage.origin, partSize: 100 * 1024, parallel: 1, retries: 2 });
    await expect(upload).rejects.toThrow(STORAGE_REFUSAL_MESSAGES[code]);
    await expect(upload).rejects.toBeInstanceOf(StorageRefusal);
    expect(storage.calls.initiate).toBe(1);
    expect(storage.calls.part).toBe(where === 'part' ? 1 : 0);
  } finally {
    await storage.close();
  }
});

it("tells the 20 MB body limit's 413 (the server's envelope, not XML) as a file too large", async () => {
  const storage = await refusingStorage(null, [413, JSON.stringify({ code: 1002, msg: '上传内容过大，不能超过20MB' })]);
  try {
    const { uploadToStorage } = await import('./upload-to-storage');
    await expect(uploadToStorage(file(300 * 1024), 'image', undefined, { origin: storage.origin, partSize: 100 * 1024, parallel: 1 })).rejects.toThrow(
      STORAGE_REFUSAL_MESSAGES.EntityTooLarge,
    );
    expect(storage.calls.initiate).toBe(1);
    expect(storage.calls.part).toBe(1);
  } finally {
    await storage.close();
  }
});

it('leaves network failures and other errors to the retries', () => {
  expect(storageRefusalOf(Object.assign(new Error('timeout'), { status: -2, code: 'ConnectionTimeoutError' }))).toBeNull();
  expect(storageRefusalOf(Object.assign(new Error('denied'), { status: 403, code: 'AccessDenied' }))).toBeNull();
  expect(storageRefusalOf(null)).toBeNull();
  expect(isStorageRefusal(new StorageRefusal('QuotaExceeded', null))).toBe(true);
  expect(isStorageRefusal(new Error('x'))).toBe(false);
  expect(storageRefusalOf(Object.assign(new Error('full'), { status: 403, code: 'QuotaExceeded' }))?.message).toBe(STORAGE_REFUSAL_MESSAGES.QuotaExceeded);
});
