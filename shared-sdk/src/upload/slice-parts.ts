/**
 * Parts leave as slices of the File, never as copies of its bytes.
 *
 * ali-oss's browser build reads every part into memory before sending it: `Blob.slice` →
 * `arrayBuffer()` → its bundled Buffer polyfill (which copies an ArrayBuffer byte by byte in a
 * JavaScript loop) → its stream-http shim (`Buffer.concat`, then one more ArrayBuffer) →
 * `XMLHttpRequest.send(ArrayBuffer)`, which copies the bytes once more on the page's main thread. A
 * CPU profile of the page during a 37 MB upload in /videoWrite (bench/RESULTS.md, "Browser uploads")
 * spent 13 s of its 21 s there, and the first part left a second after the upload was initiated.
 *
 * A `Blob.slice` is a reference to a range of the file on disk: sent with `XMLHttpRequest.send(blob)`,
 * the browser's network process reads it from the disk itself, as it does for a plain PUT of the
 * File. So the part reader hands ali-oss the slice, and requests whose body is a Blob go out through
 * the XMLHttpRequest below; everything else (signing, the multipart protocol, parallelism, the
 * checkpoint that resumes an upload, refreshing credentials, its errors) stays ali-oss's own.
 * Requests without a Blob body (initiate, complete, a small file's PUT) keep ali-oss's transport.
 *
 * This reaches into two internals of ali-oss 6.23 (pinned exactly in package.json): the client's
 * `_createBuffer(file, start, end)` and the `{ status, headers, data, res }` answer of its urllib.
 */
import type OSS from 'ali-oss';

/** What ali-oss's request layer hands its HTTP client (lib/common/utils/createRequest.js). */
interface TransportParams {
  method?: string;
  headers?: Record<string, string | number>;
  content?: unknown;
  timeout?: number | number[];
}

/** What ali-oss reads from its HTTP client's answer: status, headers (lower-case names), the body for errors. */
export interface TransportAnswer {
  status: number;
  headers: Record<string, string>;
  data: string;
  res: { status: number; statusCode: number; headers: Record<string, string>; size: number; rt: number };
}

interface Transport {
  request(url: string, params: unknown): Promise<unknown>;
}

interface OssInternals {
  urllib: Transport;
  _createBuffer(file: unknown, start: number, end: number): Promise<unknown>;
}

/** Headers a page may not set (the browser sets them itself); ali-oss's own shim leaves them out too. */
const BROWSER_OWNED = new Set(['content-length', 'host', 'user-agent', 'connection', 'date', 'accept-encoding', 'origin', 'referer', 'cookie']);

function isBlobBody(params: unknown): params is TransportParams & { content: Blob } {
  return typeof Blob !== 'undefined' && (params as TransportParams | undefined)?.content instanceof Blob;
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A network failure or a timeout as ali-oss's transport reports one: status -1 or -2, no body. */
function failure(name: string, message: string, status: -1 | -2): Error & { status: number; data: string; headers: Record<string, string> } {
  return Object.assign(new Error(message), { name, status, data: '', headers: {} });
}

/** Hears how many bytes of a part's body the browser has sent so far (XMLHttpRequest upload progress). */
export type PartProgress = (partNumber: number, sentBytes: number) => void;

/** The part number of an UploadPart request's URL, or null for any other request. */
export function partNumberOf(url: string): number | null {
  const part = /[?&]partNumber=(\d+)/.exec(url);
  return part ? Number(part[1]) : null;
}

/** Sends one request whose body is a Blob (a part of the file) with XMLHttpRequest; `onSent` hears the bytes sent as they go. */
export function sendBlob(url: string, params: TransportParams & { content: Blob }, onSent?: (sentBytes: number) => void): Promise<TransportAnswer> {
  const method = params.method ?? 'PUT';
  const timeout = Array.isArray(params.timeout) ? params.timeout.reduce((sum, ms) => sum + ms, 0) : (params.timeout ?? 0);
  const began = Date.now();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(params.headers ?? {})) {
      if (!BROWSER_OWNED.has(name.toLowerCase())) xhr.setRequestHeader(name, String(value));
    }
    xhr.timeout = timeout;
    if (onSent) xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      const headers = parseHeaders(xhr.getAllResponseHeaders());
      const data = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      resolve({
        status: xhr.status,
        headers,
        data,
        res: { status: xhr.status, statusCode: xhr.status, headers, size: data.length, rt: Date.now() - began },
      });
    };
    xhr.onerror = () => reject(failure('RequestError', `${method} ${url}: the connection was lost`, -1));
    xhr.onabort = () => reject(failure('RequestError', `${method} ${url}: aborted`, -1));
    xhr.ontimeout = () => reject(failure('ResponseTimeoutError', `${method} ${url}: no answer within ${timeout} ms`, -2));
    xhr.send(params.content);
  });
}

/**
 * Makes `client` (ali-oss's browser build) send each part as a slice of the file. Does nothing where
 * there is no XMLHttpRequest (ali-oss's Node build streams parts from disk by itself). `onPartProgress`
 * hears each part's bytes as the browser sends them (ali-oss itself reports a part only once it is
 * stored).
 */
export function sendPartsAsSlices(client: OSS, onPartProgress?: PartProgress): void {
  if (typeof XMLHttpRequest === 'undefined') return;
  const internals = client as unknown as OssInternals;
  const ownTransport = internals.urllib;
  const readPart = internals._createBuffer.bind(client);
  internals._createBuffer = (file, start, end) => (file instanceof Blob ? Promise.resolve(file.slice(start, end)) : readPart(file, start, end));
  const progressOf = (url: string) => {
    const part = onPartProgress ? partNumberOf(url) : null;
    return part === null ? undefined : (sent: number) => onPartProgress?.(part, sent);
  };
  internals.urllib = { request: (url, params) => (isBlobBody(params) ? sendBlob(url, params, progressOf(url)) : ownTransport.request(url, params)) };
}
