/**
 * The object store over a real Alibaba Cloud OSS bucket, through the ali-oss Node client and the
 * operator's long-term access key (the browser never sees it: it gets STS credentials instead).
 *
 * Every request is signed with OSS signature V4 (`authorizationV4`, scoped to the bucket's region):
 * Alibaba Cloud no longer offers V1 to new accounts and buckets, and the embedded storage refuses it
 * by default too.
 *
 * The endpoint is a host (`oss-cn-zhengzhou.aliyuncs.com`, virtual-hosted requests over https) or a
 * URL. With `cname`, it is a custom domain bound to the bucket: requests and object URLs are
 * `https://<domain>/<key>` (new accounts' mainland buckets take data calls only that way). A URL with a path (`http://127.0.0.1:8080/oss`) names an OSS-protocol server mounted under
 * that path, as the embedded storage is: requests are then path-style (`<path>/<bucket>/<key>`).
 * ali-oss keeps only the host of an endpoint, so the path is inserted in front of each request URL,
 * as the browser helper does (shared-sdk `createStorageClient`); the signed resource stays
 * `/<bucket>/<key>`, exactly as on OSS.
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BodyMeter, asReadable } from './body-meter';
import { type StorageAddress, addressInPrefix, encodeObjectKey } from './object-address';
import {
  ObjectTooLargeError,
  assertValidKey,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
  type PutOptions,
} from './object-store';

interface OssResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** The part of ali-oss 6 (it ships no types) this store uses. */
interface OssClient {
  urllib: { request(url: string, params: unknown): Promise<unknown> };
  putStream(name: string, body: Readable, options?: { mime?: string; headers?: Record<string, string>; timeout?: number }): Promise<{ res: OssResponse }>;
  getStream(name: string, options?: { headers?: Record<string, string>; timeout?: number }): Promise<{ stream: Readable; res: OssResponse }>;
  head(name: string): Promise<{ res: OssResponse }>;
  delete(name: string): Promise<unknown>;
  list(
    query: { prefix?: string; marker?: string; 'max-keys': number },
    options: Record<string, never>,
  ): Promise<{ objects?: Array<{ name: string; size?: number; lastModified?: string }>; nextMarker: string | null; isTruncated: boolean }>;
}

interface OssClientOptions {
  accessKeyId: string;
  accessKeySecret: string;
  bucket: string;
  region: string;
  endpoint: string;
  secure: boolean;
  sldEnable: boolean;
  cname: boolean;
  authorizationV4: boolean;
  timeout: number;
}

type OssClientClass = new (options: OssClientOptions) => OssClient;

const OssClientClass = createRequire(import.meta.url)('ali-oss') as OssClientClass;

export interface OssObjectStoreOptions {
  bucket: string;
  region: string;
  /** A host, or a URL; a URL with a path means path-style requests under it (see above). */
  endpoint: string;
  /** The endpoint is a custom domain bound to the bucket (no `<bucket>.` in front of it). */
  cname?: boolean;
  accessKeyId: string;
  accessKeySecret: string;
  /** Base URL objects are read from (a CDN in front of the bucket); default: the bucket's own URL. */
  publicBaseUrl?: string;
  timeoutMs?: number;
  /** Keys per ListObjects page (OSS allows at most 1000). */
  listPageSize?: number;
}

/** An OSS answer other than the expected ones, without request details (they carry signatures). */
export class OssStoreError extends Error {
  constructor(
    readonly operation: string,
    readonly key: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(`OSS ${operation} ${JSON.stringify(key)} failed: ${code ?? 'error'}${status ? ` (HTTP ${status})` : ''}`);
    this.name = 'OssStoreError';
  }
}

interface OssFailure {
  status?: number;
  code?: string;
}

const failureOf = (error: unknown): OssFailure => (typeof error === 'object' && error !== null ? (error as OssFailure) : {});

/** Streamed bodies may be gigabytes: their requests get far longer than the default timeout. */
const STREAM_TIMEOUT_MS = 60 * 60 * 1000;

function headerOf(res: OssResponse, name: string): string {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function infoOf(key: string, res: OssResponse, size?: number): ObjectInfo {
  const lastModified = Date.parse(headerOf(res, 'last-modified'));
  return {
    key,
    size: size ?? Number(headerOf(res, 'content-length')),
    contentType: headerOf(res, 'content-type') || 'application/octet-stream',
    etag: headerOf(res, 'etag').replace(/"/g, ''),
    lastModified: Number.isFinite(lastModified) ? new Date(lastModified) : new Date(),
  };
}

/** `host`, `https://host` or `http://host:port/path` → its parts (https when no scheme is given). */
export function parseEndpoint(endpoint: string): { origin: string; host: string; secure: boolean; path: string } {
  const url = new URL(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
  return { origin: url.origin, host: url.host, secure: url.protocol === 'https:', path: url.pathname.replace(/\/+$/, '') };
}

export class OssObjectStore implements ObjectStore {
  readonly bucket: string;
  private readonly client: OssClient;
  /** The URLs an object of this bucket may be named by: `<base>/<key>`. */
  private readonly bases: URL[];
  private readonly readBase: string;
  private readonly listPageSize: number;

  constructor(options: OssObjectStoreOptions) {
    this.bucket = options.bucket;
    this.listPageSize = Math.min(1000, options.listPageSize ?? 1000);
    const endpoint = parseEndpoint(options.endpoint);
    const cname = options.cname === true;
    // An IP address cannot carry the bucket as a sub-domain either.
    const pathStyle = !cname && (endpoint.path !== '' || /^[\d.]+(:\d+)?$|^\[/.test(endpoint.host));
    this.client = new OssClientClass({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      bucket: options.bucket,
      region: options.region,
      endpoint: endpoint.origin,
      secure: endpoint.secure,
      sldEnable: pathStyle,
      cname,
      authorizationV4: true,
      timeout: options.timeoutMs ?? 60_000,
    });
    if (pathStyle) {
      const transport = this.client.urllib;
      this.client.urllib = {
        request: (url, params) => {
          const parsed = new URL(url);
          parsed.pathname = `${endpoint.path}${parsed.pathname}`;
          return transport.request(parsed.toString(), params);
        },
      };
    }
    const own = cname
      ? endpoint.origin
      : pathStyle
        ? `${endpoint.origin}${endpoint.path}/${options.bucket}`
        : `${endpoint.secure ? 'https' : 'http'}://${options.bucket}.${endpoint.host}`;
    const cdn = options.publicBaseUrl?.replace(/\/+$/, '') ?? '';
    this.readBase = cdn || own;
    this.bases = [...new Set([this.readBase, own])].map((base) => new URL(`${base}/`));
  }

  async put(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<ObjectInfo> {
    assertValidKey(key);
    return this.upload('PutObject', key, body, contentType, {}, options);
  }

  /** PutObject with `x-oss-forbid-overwrite`: null when the key exists (deploy's strict create). */
  async putIfAbsent(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      return await this.upload('PutObject', key, body, contentType, { 'x-oss-forbid-overwrite': 'true' }, options);
    } catch (error) {
      if (error instanceof OssStoreError && error.status === 409 && error.code === 'FileAlreadyExists') return null;
      throw error;
    }
  }

  /**
   * PutObject from a stream (chunked: the size need not be known), hashed and counted on the way;
   * past `maxBytes` the request is aborted, so OSS stores nothing.
   */
  private async upload(
    operation: string,
    key: string,
    body: Buffer | Readable,
    contentType: string,
    headers: Record<string, string>,
    options?: PutOptions,
  ): Promise<ObjectInfo> {
    const meter = new BodyMeter(options?.maxBytes);
    let failure: unknown = null;
    const flowing = pipeline(asReadable(body), meter).catch((error: unknown) => {
      failure = error;
    });
    try {
      await this.call(operation, key, () => this.client.putStream(key, meter, { mime: contentType, headers, timeout: STREAM_TIMEOUT_MS }));
    } catch (error) {
      // The request ended without taking the whole body: stop feeding it.
      meter.destroy();
      await flowing;
      throw failure instanceof ObjectTooLargeError ? failure : error;
    }
    await flowing;
    if (failure) throw failure;
    return { key, size: meter.size, contentType, etag: meter.etag(), lastModified: new Date() };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const found = await this.orNull('HeadObject', key, () => this.client.head(key));
    return found ? infoOf(key, found.res) : null;
  }

  /** GetObject as a stream; a range asks for standard range behaviour (416, never a silent 200). */
  async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    assertValidKey(key);
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}`, 'x-oss-range-behavior': 'standard' } : {};
    const found = await this.orNull('GetObject', key, () => this.client.getStream(key, { headers, timeout: STREAM_TIMEOUT_MS }));
    if (!found) return null;
    const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headerOf(found.res, 'content-range'));
    if (found.res.status === 206 && contentRange) {
      const [, start, end, total] = contentRange;
      return { ...infoOf(key, found.res, Number(total)), body: found.stream, range: { start: Number(start), end: Number(end) } };
    }
    return { ...infoOf(key, found.res), body: found.stream, range: null };
  }

  async readHead(key: string, length: number): Promise<Buffer | null> {
    assertValidKey(key);
    if (length <= 0) return (await this.head(key)) ? Buffer.alloc(0) : null;
    let found;
    try {
      found = await this.get(key, { start: 0, end: length - 1 });
    } catch (error) {
      // An empty object has no byte 0: the range cannot be satisfied, yet the object exists.
      if (error instanceof OssStoreError && error.status === 416) return Buffer.alloc(0);
      throw error;
    }
    if (!found) return null;
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of found.body) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= length) break;
    }
    found.body.destroy();
    return Buffer.concat(chunks).subarray(0, length);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // OSS answers 204 for a key that does not exist, as the disk store ignores it.
    await this.call('DeleteObject', key, () => this.client.delete(key));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.call('ListObjects', prefix, () =>
        this.client.list({ ...(prefix ? { prefix } : {}), 'max-keys': this.listPageSize, ...(marker ? { marker } : {}) }, {}),
      );
      const names = (page.objects ?? []).map((object) => object.name);
      keys.push(...names);
      const next = page.nextMarker ?? names.at(-1);
      if (!page.isTruncated || !next || next === marker) break;
      marker = next;
    }
    return keys.sort();
  }

  /** The objects under a prefix, one ListObjects page (up to 1000) at a time, with size and time. */
  async *scan(prefix = ''): AsyncGenerator<ListedObject> {
    let marker: string | undefined;
    for (;;) {
      const page = await this.call('ListObjects', prefix, () => this.client.list({ prefix, 'max-keys': this.listPageSize, ...(marker ? { marker } : {}) }, {}));
      const objects = page.objects ?? [];
      for (const object of objects) yield { key: object.name, size: Number(object.size ?? 0), lastModified: new Date(object.lastModified ?? 0) };
      const next = page.nextMarker ?? objects.at(-1)?.name;
      if (!page.isTruncated || !next || next === marker) return;
      marker = next;
    }
  }

  publicUrl(key: string): string {
    return `${this.readBase}/${encodeObjectKey(key)}`;
  }

  keyOfUrl(raw: string): string | null {
    return this.addressOf(raw)?.key ?? null;
  }

  addressOf(raw: string): StorageAddress | null {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      return null;
    }
    // The browser names uploads with https; a plain http form of the same URL is the same object.
    // addressInPrefix also tells a misspelled mount (`//`, another case) from another site's path:
    // such a dead address counts only when no base reads the path as a key.
    let dead: StorageAddress | null = null;
    for (const base of this.bases) {
      const address = url.host === base.host ? addressInPrefix(url.pathname, base.pathname) : null;
      if (address?.key) return address;
      dead ??= address;
    }
    return dead;
  }

  private async call<T>(operation: string, key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const failure = failureOf(error);
      throw new OssStoreError(operation, key, failure.status, failure.code);
    }
  }

  private async orNull<T>(operation: string, key: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 404) return null;
      throw new OssStoreError(operation, key, failure.status, failure.code);
    }
  }
}
