/**
 * The object store over a real Alibaba Cloud OSS bucket, through the ali-oss Node client and the
 * operator's long-term access key (the browser never sees it: it gets STS credentials instead).
 *
 * The endpoint is a host (`oss-cn-zhengzhou.aliyuncs.com`, virtual-hosted requests over https) or a
 * URL. A URL with a path (`http://127.0.0.1:8080/oss`) names an OSS-protocol server mounted under
 * that path, as the embedded storage is: requests are then path-style (`<path>/<bucket>/<key>`).
 * ali-oss keeps only the host of an endpoint, so the path is inserted in front of each request URL,
 * as the browser helper does (shared-sdk `createStorageClient`); the signed resource stays
 * `/<bucket>/<key>`, exactly as on OSS.
 */
import { createRequire } from 'node:module';
import { type StorageAddress, addressInPrefix, encodeObjectKey } from './object-address';
import { assertValidKey, type ObjectInfo, type ObjectStore, type StoredObject } from './object-store';

interface OssResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** The part of ali-oss 6 (it ships no types) this store uses. */
interface OssClient {
  urllib: { request(url: string, params: unknown): Promise<unknown> };
  put(name: string, body: Buffer, options?: { mime?: string; headers?: Record<string, string> }): Promise<{ res: OssResponse }>;
  get(name: string): Promise<{ content: Buffer; res: OssResponse }>;
  head(name: string): Promise<{ res: OssResponse }>;
  delete(name: string): Promise<unknown>;
  list(
    query: { prefix: string; marker?: string; 'max-keys': number },
    options: Record<string, never>,
  ): Promise<{ objects?: Array<{ name: string }>; nextMarker: string | null; isTruncated: boolean }>;
}

interface OssClientOptions {
  accessKeyId: string;
  accessKeySecret: string;
  bucket: string;
  region: string;
  endpoint: string;
  secure: boolean;
  sldEnable: boolean;
  timeout: number;
}

type OssClientClass = new (options: OssClientOptions) => OssClient;

const OssClientClass = createRequire(import.meta.url)('ali-oss') as OssClientClass;

export interface OssObjectStoreOptions {
  bucket: string;
  region: string;
  /** A host, or a URL; a URL with a path means path-style requests under it (see above). */
  endpoint: string;
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
    // An IP address cannot carry the bucket as a sub-domain either.
    const pathStyle = endpoint.path !== '' || /^[\d.]+(:\d+)?$|^\[/.test(endpoint.host);
    this.client = new OssClientClass({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      bucket: options.bucket,
      region: options.region,
      endpoint: endpoint.origin,
      secure: endpoint.secure,
      sldEnable: pathStyle,
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
    const own = pathStyle ? `${endpoint.origin}${endpoint.path}/${options.bucket}` : `${endpoint.secure ? 'https' : 'http'}://${options.bucket}.${endpoint.host}`;
    const cdn = options.publicBaseUrl?.replace(/\/+$/, '') ?? '';
    this.readBase = cdn || own;
    this.bases = [...new Set([this.readBase, own])].map((base) => new URL(`${base}/`));
  }

  async put(key: string, body: Buffer, contentType: string): Promise<ObjectInfo> {
    assertValidKey(key);
    const { res } = await this.call('PutObject', key, () => this.client.put(key, body, { mime: contentType }));
    return { ...infoOf(key, res, body.length), contentType, lastModified: new Date() };
  }

  /** PutObject with `x-oss-forbid-overwrite`: false when the key exists (deploy's strict create). */
  async putIfAbsent(key: string, body: Buffer, contentType: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.put(key, body, { mime: contentType, headers: { 'x-oss-forbid-overwrite': 'true' } });
      return true;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 409 && failure.code === 'FileAlreadyExists') return false;
      throw new OssStoreError('PutObject', key, failure.status, failure.code);
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const found = await this.orNull('HeadObject', key, () => this.client.head(key));
    return found ? infoOf(key, found.res) : null;
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    const found = await this.orNull('GetObject', key, () => this.client.get(key));
    if (!found) return null;
    const body = Buffer.isBuffer(found.content) ? found.content : Buffer.from(found.content);
    return { ...infoOf(key, found.res, body.length), body };
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
        this.client.list({ prefix, 'max-keys': this.listPageSize, ...(marker ? { marker } : {}) }, {}),
      );
      const names = (page.objects ?? []).map((object) => object.name);
      keys.push(...names);
      const next = page.nextMarker ?? names.at(-1);
      if (!page.isTruncated || !next || next === marker) break;
      marker = next;
    }
    return keys.sort();
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
    for (const base of this.bases) {
      // The browser names uploads with https; a plain http form of the same URL is the same object.
      if (url.host === base.host && url.pathname.startsWith(base.pathname)) return addressInPrefix(url.pathname, base.pathname);
    }
    return null;
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
