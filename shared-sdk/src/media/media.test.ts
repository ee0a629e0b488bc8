/**
 * The media calls against a real local server, in jsdom: the browser's XMLHttpRequest delivers the
 * event stream piece by piece, as in the page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_MESSAGES, AiCode, ApiCode, computeSign, STORAGE_REFUSAL_MESSAGES, VIDEO_MESSAGES } from '../contract';
import { setRuntimeConfig } from '../config';
import { isApiError } from '../http';
import { TEST_SECRET, testRuntimeConfig } from '../testing/fixtures';
import { buildObjectKey } from '../upload';
import { sseReader } from './sse';
import { streamAiWrite } from './ai-write';
import { isVideoFile, uploadVideo } from './video-upload';

type Handler = (request: http.IncomingMessage, body: URLSearchParams, response: http.ServerResponse) => void;

let handler: Handler = (_req, _body, res) => res.end();
let server: http.Server;
const received: Array<{ path: string; body: URLSearchParams }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      received.push({ path: new URL(req.url ?? '/', 'http://x').pathname, body });
      res.setHeader('access-control-allow-origin', '*');
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig(testRuntimeConfig(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const event = (data: object, name?: string) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

describe('streamAiWrite', () => {
  it('hands each piece over as it arrives, signed like every call, and resolves the whole text', async () => {
    let release: () => void = () => undefined;
    const secondHalf = new Promise<void>((resolve) => (release = resolve));
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      res.write(event({ delta: '黄河' }));
      // The rest only once the first piece has reached the caller: proof that it streams.
      void secondHalf.then(() => res.end(event({ delta: '之水天上来' }) + event({ done: true })));
    };
    const pieces: string[] = [];
    const text = await streamAiWrite({ action: 'polish', text: '黄河之水' }, (piece) => {
      pieces.push(piece);
      release();
    });
    expect(pieces).toEqual(['黄河', '之水天上来']);
    expect(text).toBe('黄河之水天上来');
    const sent = received.at(-1);
    expect(sent?.path).toBe('/api/ai/write');
    expect(sent?.body.get('action')).toBe('polish');
    const fields = Object.fromEntries(sent?.body ?? []);
    expect(fields.sign).toBe(computeSign(fields, TEST_SECRET, { method: 'POST', path: '/api/ai/write' }));
  });

  it("turns a refusal before any text, and an error event mid-answer, into errors with the server's message", async () => {
    handler = (_req, _body, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: AiCode.NOT_CONFIGURED, msg: AI_MESSAGES.NOT_CONFIGURED, data: null }));
    await expect(streamAiWrite({ action: 'expand', text: 'x' }, () => undefined)).rejects.toMatchObject({
      code: AiCode.NOT_CONFIGURED,
      message: AI_MESSAGES.NOT_CONFIGURED,
    });
    handler = (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end(event({ delta: '半' }) + event({ msg: AI_MESSAGES.PROVIDER_FAILED }, 'error'));
    await expect(streamAiWrite({ action: 'expand', text: 'x' }, () => undefined)).rejects.toMatchObject({ message: AI_MESSAGES.PROVIDER_FAILED });
  });

  it('stops when the creator cancels', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event({ delta: '慢' }));
    };
    const controller = new AbortController();
    const pending = streamAiWrite({ action: 'polish', text: 'x' }, () => controller.abort(), controller.signal);
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('canceled');
  });
});

describe('sseReader', () => {
  it('reads each complete event once, however the text is cut', () => {
    const seen: string[] = [];
    const feed = sseReader((e) => seen.push(`${e.name}:${e.data}`));
    const whole = 'data: {"delta":"a"}\n\nevent: error\ndata: {"msg":"b"}\n\ndata: {"done"';
    feed(whole.slice(0, 10));
    feed(whole.slice(0, 25));
    feed(whole);
    expect(seen).toEqual(['message:{"delta":"a"}', 'error:{"msg":"b"}']);
  });
});

describe('video uploads', () => {
  it('accepts only files whose type starts with video/ (docs/product.md §5) and says so in its documented words', async () => {
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'image/png' })).toBe(false);
    await expect(uploadVideo(new File(['x'], 'a.txt', { type: 'text/plain' }))).rejects.toMatchObject({ message: VIDEO_MESSAGES.NOT_VIDEO });
  });

  it("asks the video service's credentials route, telling it the file, and stops at its refusal before a byte is stored", async () => {
    let query = new URLSearchParams();
    handler = (req, _body, res) => {
      query = new URL(req.url ?? '/', 'http://x').searchParams;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: ApiCode.INVALID_PARAMS, msg: STORAGE_REFUSAL_MESSAGES.EntityTooLarge, data: null }));
    };
    received.length = 0;
    await expect(uploadVideo(new File(['x'.repeat(64)], '片段.mp4', { type: 'video/mp4' }))).rejects.toMatchObject({
      message: STORAGE_REFUSAL_MESSAGES.EntityTooLarge,
    });
    expect(received.map((call) => call.path)).toEqual(['/api/upload/vod/token']);
    expect(Object.fromEntries(query)).toMatchObject({ kind: 'video', size: '64', ext: 'mp4' });
  });

  it('names a video by a hash of the current time under its kind, date and scope (docs/product.md §5)', () => {
    const date = new Date(2026, 10, 23, 9, 30);
    const a = buildObjectKey('video', 'u7', '片段.MP4', date);
    const b = buildObjectKey('video', 'u7', '片段.MP4', date);
    expect(a).toMatch(/^video\/20261123\/u7\/[0-9a-f]{32}\.mp4$/);
    expect(a).not.toBe(b);
  });
});
