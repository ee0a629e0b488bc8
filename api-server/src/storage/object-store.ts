/**
 * Object storage as the server sees it. The embedded default keeps objects on disk under DATA_DIR and
 * serves them over an OSS-compatible HTTP subset (DiskObjectStore); a real OSS bucket replaces it
 * when OSS_BUCKET is set (OssObjectStore).
 *
 * Bodies are streams both ways: an object may be a 2 GB video, and no operation holds a whole
 * object in memory unless the caller asks for a small one (`readObject`, `readHead`).
 */
import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** An object as a listing names it. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** Inclusive byte offsets, as in HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStream extends ObjectInfo {
  /** The whole object, or only `range` when one was asked. */
  body: Readable;
  range: ByteRange | null;
}

export interface PutOptions {
  /** Refuse (ObjectTooLargeError) as soon as more bytes than this arrive; nothing is stored. */
  maxBytes?: number;
  /**
   * The ETag the caller already knows (a multipart completion's, `<MD5 of the parts' MD5s>-<parts>`
   * as OSS gives it): the body is then stored without being hashed. Stores that compute ETags
   * themselves (a real bucket) may answer their own.
   */
  etag?: string;
}

/** A body went past `PutOptions.maxBytes`; nothing was stored. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** What an address names in a store (object-address.ts reads addresses). Null (instead of this) when the address is not the store's. */
export interface StorageAddress {
  /** The key, or null when the address lies in the store's namespace but names no key as spelled. */
  key: string | null;
}

export interface ObjectStore {
  readonly bucket: string;
  /** Streams body to the key (hashing as it goes: etag = uppercase hex MD5, unless options.etag is given). */
  put(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<ObjectInfo>;
  /** Write-once: creates the object only if the key is free, atomically; null when the key exists. */
  putIfAbsent(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<ObjectInfo | null>;
  /** A stream of the object or of one range of it; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  /** Up to `length` first bytes (fewer when the object is shorter); null when there is no such object. */
  readHead(key: string, length: number): Promise<Buffer | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Every object under a prefix with its size and time, page by page (never the whole listing at once). */
  scan(prefix?: string): AsyncIterable<ListedObject>;
  /** The URL a browser uses to read the object. */
  publicUrl(key: string): string;
  /**
   * The key of an object of this store named by a URL (its public URL, or the URL the browser
   * uploaded it to), else null.
   */
  keyOfUrl(url: string): string | null;
  /**
   * Whether a URL lies in this store's namespace, and the key it names there (null for a spelling
   * that is not a key's canonical one, object-address.ts); null when it is not this store's at all.
   */
  addressOf(url: string): StorageAddress | null;
}

/** Collects a stream into one Buffer; null (and the stream destroyed) once it exceeds maxBytes. */
export async function readAll(body: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buffer.length;
    if (total > maxBytes) {
      body.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads a small object whole (images to check, at most maxBytes); null when absent or larger. */
export async function readObject(store: ObjectStore, key: string, maxBytes: number): Promise<Buffer | null> {
  const info = await store.head(key);
  if (!info || info.size > maxBytes) return null;
  const object = await store.get(key);
  return object ? readAll(object.body, maxBytes) : null;
}

const KEY = /^[A-Za-z0-9!_.*'()-][A-Za-z0-9!_.*'()\-/]*$/;

/** False for keys that could escape the bucket or that OSS would not accept. */
export function isValidKey(key: string): boolean {
  return KEY.test(key) && key.length <= 1023 && !key.split('/').some((part) => part === '..' || part === '.');
}

/** Refuses keys that could escape the bucket or that OSS would not accept. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}
