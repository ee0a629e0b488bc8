/**
 * A multipart upload whose part fails on the network resumes from its checkpoint: the parts already
 * stored are not sent again, one upload id is used throughout, and the completed object is the file.
 *
 * Runs uploadToStorage with ali-oss's browser build (what the pages load) in jsdom, whose
 * XMLHttpRequest makes real requests, against a local server that speaks the OSS multipart subset of
 * the embedded storage (`/oss/<bucket>/<key>`, path-style, CORS as a bucket answers it). The embedded
 * storage itself lives in the API server, which this package cannot reach; its own tests cover the
 * protocol with ali-oss's signing code. Only the token call is stubbed here.
 *
 * ali-oss records a part in the checkpoint when its answer arrives before the failure is reported; a
 * part still in flight at that moment is not recorded, so the retry sends it once more (the storage
 * keeps the latest copy of a part number). The tests below pin down the parts already stored.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TosToken } from '../contract';

// The browser build, with a short request timeout: its XHR transport leaves the timer of a failed
// request running for the whole timeout, which would hold jest open for two minutes.
jest.mock('ali-oss', () => {
  const OSS = jest.requireActual<new (options: { timeout?: number }) => object>('ali-oss/dist/aliyun-oss-sdk.js');
  return class extends OSS {
    constructor(options: { timeout?: number }) {
      super({ ...options, timeout: 2_000 });
    }
  };
});

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

interface PartCall {
  number: number;
  uploadId: string;
  ok: boolean;
}

interface FakeOss {
  origin: string;
  initiated: string[];
  parts: PartCall[];
  completed: Array<{ uploadId: string; numbers: number[] }>;
  objects: Map<string, Buffer>;
  /** PutObject requests (key, declared type). */
  puts: Array<{ key: string; type: string }>;
  /** Part number → after how many ms its next PUT loses the connection. */
  failOnce: Map<number, number>;
  close(): Promise<void>;
}

const readBody = (req: http.IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The OSS multipart subset: initiate, upload part (ETag), complete (parts in order). */
async function startFakeOss(): Promise<FakeOss> {
  const state = {
    initiated: [] as string[],
    parts: [] as PartCall[],
    completed: [] as FakeOss['completed'],
    objects: new Map<string, Buffer>(),
    puts: [] as FakeOss['puts'],
    failOnce: new Map<number, number>(),
  };
  const stored = new Map<string, Map<number, { etag: string; body: Buffer }>>();
  let next = 0;
  const server = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, PUT, POST, DELETE, HEAD',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-expose-headers': 'ETag, x-oss-request-id',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(200, cors).end();
      return;
    }
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://oss.invalid');
      const key = decodeURIComponent(url.pathname.replace(/^\/oss\/creator\//, ''));
      const xml = (status: number, text: string, extra: Record<string, string> = {}) =>
        res
          .writeHead(status, { ...cors, 'content-type': 'application/xml', 'x-oss-request-id': `r${(next += 1)}`, ...extra })
          .end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
      if (req.method === 'POST' && url.searchParams.has('uploads')) {
        const uploadId = `up${(next += 1)}`;
        state.initiated.push(uploadId);
        stored.set(uploadId, new Map());
        xml(200, `<InitiateMultipartUploadResult><Bucket>creator</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
      } else if (req.method === 'PUT' && url.searchParams.has('partNumber')) {
        const number = Number(url.searchParams.get('partNumber'));
        const uploadId = url.searchParams.get('uploadId') ?? '';
        const failAfter = state.failOnce.get(number);
        if (failAfter !== undefined) {
          // The network drops this part: no answer at all.
          state.failOnce.delete(number);
          setTimeout(() => {
            state.parts.push({ number, uploadId, ok: false });
            req.socket.destroy();
          }, failAfter);
          return;
        }
        const parts = stored.get(uploadId);
        if (!parts) return xml(404, '<Error><Code>NoSuchUpload</Code></Error>');
        const etag = `"${number}-${body.length}-${(next += 1)}"`;
        parts.set(number, { etag, body });
        state.parts.push({ number, uploadId, ok: true });
        res.writeHead(200, { ...cors, etag, 'x-oss-request-id': `r${next}` }).end();
      } else if (req.method === 'PUT' && !url.search) {
        // PutObject: a file under ali-oss's smallest part goes in one request.
        state.puts.push({ key, type: req.headers['content-type'] ?? '' });
        state.objects.set(key, body);
        res.writeHead(200, { ...cors, etag: `"put-${(next += 1)}"`, 'x-oss-request-id': `r${next}` }).end();
      } else if (req.method === 'POST' && url.searchParams.has('uploadId')) {
        const uploadId = url.searchParams.get('uploadId') ?? '';
        const parts = stored.get(uploadId);
        const listed = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]+)<\/ETag>/g)].map((m) => ({
          number: Number(m[1]),
          etag: m[2] ?? '',
        }));
        const valid =
          parts && listed.length === parts.size && listed.every((p, i) => p.number === i + 1 && parts.get(p.number)?.etag === p.etag.replace(/&quot;/g, '"'));
        if (!parts || !valid) return xml(400, '<Error><Code>InvalidPart</Code></Error>');
        state.completed.push({ uploadId, numbers: listed.map((p) => p.number) });
        state.objects.set(key, Buffer.concat(listed.map((p) => parts.get(p.number)?.body ?? Buffer.alloc(0))));
        stored.delete(uploadId);
        xml(200, `<CompleteMultipartUploadResult><Bucket>creator</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
      } else {
        xml(400, '<Error><Code>NotImplemented</Code></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    ...state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const KB = 1024;
/** 4 parts of 100 KB (ali-oss's smallest part) plus a tail, every byte position distinct enough. */
function content(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 8)) % 251;
  return bytes;
}

let oss: FakeOss;
beforeEach(async () => {
  oss = await startFakeOss();
});
afterEach(() => oss.close());

jest.setTimeout(30_000);

beforeEach(() => {
  // jsdom reports the dropped connection on the console; the upload's own error is asserted.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

// jsdom's XMLHttpRequest clears its timeout timer on an answer or an abort, not when the connection is
// lost: a lost part's timer (partTimeoutMs, two minutes at least) would hold jest open that long after
// the tests. Every request is aborted once its test is over (a no-op for one already done).
const requests: XMLHttpRequest[] = [];
beforeEach(() => {
  const open = XMLHttpRequest.prototype.open;
  jest.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
    requests.push(this);
    return open.apply(this, args);
  });
});
afterEach(() => {
  for (const request of requests.splice(0)) request.abort();
});

const sentTimes = (n: number) => oss.parts.filter((p) => p.number === n).map((p) => p.ok);

it('resumes after a part is lost on the network: the parts stored before are not sent again and the object is complete', async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const bytes = content(4 * 100 * KB + 37 * KB);
  const file = new File([bytes], 'clip.png', { type: 'image/png' });
  oss.failOnce.set(3, 0);
  const progress: number[] = [];

  const result = await uploadToStorage(file, 'image', (p) => progress.push(p), { origin: oss.origin, partSize: 100 * KB, parallel: 1, retries: 1 });

  expect(result.key).toMatch(/^image\/\d{8}\/u7\/[0-9a-f]{32}\.png$/);
  expect(result.url).toBe(`/oss/creator/${result.key}`);
  // One upload id from start to end: the retry resumed it instead of starting over.
  expect(oss.initiated).toHaveLength(1);
  expect(oss.parts.every((p) => p.uploadId === oss.initiated[0])).toBe(true);
  // Parts 1 and 2 were stored before part 3 was lost; the retry sent 3, 4 and 5 only.
  expect(oss.parts.map((p) => [p.number, p.ok])).toEqual([
    [1, true],
    [2, true],
    [3, false],
    [3, true],
    [4, true],
    [5, true],
  ]);
  // The completed object is the file, byte for byte.
  expect(oss.completed).toEqual([{ uploadId: oss.initiated[0], numbers: [1, 2, 3, 4, 5] }]);
  expect(Buffer.compare(oss.objects.get(result.key) ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
  expect(progress.at(-1)).toBe(100);
});

it('in parallel, keeps every part stored before the failure and sends only the lost one again', async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const bytes = content(4 * 100 * KB + 37 * KB);
  const file = new File([bytes], 'clip.png', { type: 'image/png' });
  // Part 2 hangs, then loses its connection, while the other parts go through beside it.
  oss.failOnce.set(2, 300);

  const result = await uploadToStorage(file, 'image', undefined, { origin: oss.origin, partSize: 100 * KB, parallel: 2, retries: 1 });

  expect(oss.initiated).toHaveLength(1);
  expect(sentTimes(2)).toEqual([false, true]);
  for (const n of [1, 3, 4, 5]) expect(sentTimes(n)).toEqual([true]);
  expect(oss.parts.at(-1)).toEqual({ number: 2, uploadId: oss.initiated[0], ok: true });
  expect(oss.completed).toEqual([{ uploadId: oss.initiated[0], numbers: [1, 2, 3, 4, 5] }]);
  expect(Buffer.compare(oss.objects.get(result.key) ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
});

it("resumes the same way with the browser's own part size and parallelism", async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const { UPLOAD_PARALLEL, UPLOAD_PART_SIZE, partSizeFor } = await import('./multipart-settings');
  // Within what the storage takes for one part (20 MB) and what OSS takes as the smallest (100 KB).
  expect(UPLOAD_PART_SIZE).toBeLessThanOrEqual(20 * 1024 * KB);
  expect(UPLOAD_PART_SIZE).toBeGreaterThanOrEqual(100 * KB);
  // One round of parts in parallel (a file this size goes in one wave), the last one short; it hangs and then loses its connection.
  const size = UPLOAD_PARALLEL * UPLOAD_PART_SIZE + 37 * KB;
  const count = Math.ceil(size / partSizeFor(size));
  expect(count).toBe(UPLOAD_PARALLEL);
  const bytes = content(size);
  const file = new File([bytes], 'clip.mp4', { type: 'video/mp4' });
  oss.failOnce.set(count, 1500);

  const result = await uploadToStorage(file, 'video', undefined, { origin: oss.origin, retries: 1 });

  expect(oss.initiated).toHaveLength(1);
  for (let n = 1; n < count; n += 1) expect(sentTimes(n)).toEqual([true]);
  expect(sentTimes(count)).toEqual([false, true]);
  expect(oss.completed).toEqual([{ uploadId: oss.initiated[0], numbers: Array.from({ length: count }, (_, i) => i + 1) }]);
  expect(Buffer.compare(oss.objects.get(result.key) ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
});

it('gives up after the retries, with the error of the lost part', async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const file = new File([content(3 * 100 * KB)], 'clip.png', { type: 'image/png' });
  oss.failOnce.set(1, 0);
  await expect(uploadToStorage(file, 'image', undefined, { origin: oss.origin, partSize: 100 * KB, parallel: 1, retries: 0 })).rejects.toThrow(/part_num: 1/);
  expect(oss.completed).toHaveLength(0);
});

it('sends each part as a slice of the file, never reading its bytes into the page, with a percent that only grows to 100', async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const bytes = content(6 * 100 * KB + 37 * KB);
  const file = new File([bytes], 'clip.mp4', { type: 'video/mp4' });
  // Reading a part into memory (what ali-oss's browser build does by itself, with a FileReader where
  // Blob has no arrayBuffer(), as in jsdom) would fail here.
  expect('arrayBuffer' in Blob.prototype).toBe(false);
  const readByReader = jest.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(() => {
    throw new Error('a part was read into memory');
  });
  const progress: number[] = [];

  const result = await uploadToStorage(file, 'video', (p) => progress.push(p), { origin: oss.origin, partSize: 100 * KB, parallel: 3 });

  expect(readByReader).not.toHaveBeenCalled();
  expect(oss.completed).toEqual([{ uploadId: oss.initiated[0], numbers: [1, 2, 3, 4, 5, 6, 7] }]);
  expect(Buffer.compare(oss.objects.get(result.key) ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
  // Whole percents of the bytes sent (each part's upload progress, a stored part whole), each reported
  // once and larger than the last, at most one per PROGRESS_INTERVAL_MS, 100 only at the end.
  // (jsdom's XMLHttpRequest reports a part's progress only as it starts; Chromium as its bytes go:
  // the e2e tests and bench/RESULTS.md.)
  expect(progress.length).toBeGreaterThanOrEqual(2);
  expect(progress.length).toBeLessThanOrEqual(101);
  expect(progress.every((p, i) => i === 0 || p > (progress[i - 1] ?? -1))).toBe(true);
  expect(progress.slice(0, -1).every((p) => p < 100)).toBe(true);
  expect(progress.at(-1)).toBe(100);
});

it('sends a file under the smallest part in one PUT of the file itself', async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const bytes = content(37 * KB);
  const file = new File([bytes], 'clip.png', { type: 'image/png' });
  jest.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(() => {
    throw new Error('the file was read into memory');
  });
  const progress: number[] = [];

  const result = await uploadToStorage(file, 'image', (p) => progress.push(p), { origin: oss.origin });

  expect(oss.initiated).toHaveLength(0);
  expect(oss.puts).toEqual([{ key: result.key, type: 'image/png' }]);
  expect(Buffer.compare(oss.objects.get(result.key) ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
  expect(progress).toEqual([100]);
});

it('tells the token call what it is about to upload and writes the one key the server names', async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const { callApi } = jest.requireMock<{ callApi: jest.Mock }>('../http/call');
  const named = 'image/20261129/u7/0123456789abcdef0123456789abcdef.png';
  callApi.mockImplementationOnce(() => Promise.resolve({ ...TOKEN, key: named }));
  const bytes = content(37 * KB);
  const file = new File([bytes], 'Clip.PNG', { type: 'image/png' });

  const result = await uploadToStorage(file, 'image', undefined, { origin: oss.origin });

  expect(callApi.mock.calls.at(-1)?.[1]).toEqual({ kind: 'image', size: 37 * KB, ext: 'png' });
  expect(result.key).toBe(named);
  expect(oss.puts).toEqual([{ key: named, type: 'image/png' }]);
});

it("shows the token call's refusal in the storage's words, and sends nothing", async () => {
  const { uploadToStorage } = await import('./upload-to-storage');
  const { STORAGE_REFUSAL_MESSAGES, isStorageRefusal } = await import('./storage-refusal');
  const { callApi } = jest.requireMock<{ callApi: jest.Mock }>('../http/call');
  callApi.mockImplementationOnce(() => Promise.reject(new Error(STORAGE_REFUSAL_MESSAGES.QuotaExceeded)));
  const file = new File([content(37 * KB)], 'clip.png', { type: 'image/png' });

  const failure = await uploadToStorage(file, 'image', undefined, { origin: oss.origin }).catch((error: unknown) => error);

  expect(isStorageRefusal(failure)).toBe(true);
  expect((failure as Error).message).toBe(STORAGE_REFUSAL_MESSAGES.QuotaExceeded);
  expect(oss.puts).toHaveLength(0);
});

it('prepares the storage client before the file is chosen, and asks for the credentials once the file is known', async () => {
  const { uploadToStorage, prepareUpload } = await import('./upload-to-storage');
  const { callApi } = await import('../http/call');
  const tokenCalls = callApi as jest.Mock;
  tokenCalls.mockClear();
  prepareUpload();
  expect(tokenCalls).not.toHaveBeenCalled();
  await uploadToStorage(new File([content(37 * KB)], 'clip.png', { type: 'image/png' }), 'image', undefined, { origin: oss.origin });
  expect(tokenCalls).toHaveBeenCalledTimes(1);
  expect(oss.puts).toHaveLength(1);
});
