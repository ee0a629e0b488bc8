/**
 * Object storage as the server sees it. The embedded default keeps objects on disk under DATA_DIR and
 * serves them over an OSS-compatible HTTP subset (DiskObjectStore); a real OSS bucket replaces it
 * when OSS_BUCKET is set (OssObjectStore).
 */
import type { StorageAddress } from './object-address';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Buffer;
}

export interface ObjectStore {
  readonly bucket: string;
  put(key: string, body: Buffer, contentType: string): Promise<ObjectInfo>;
  /** Creates the object only if the key is free, atomically; false when it exists (write-once keys). */
  putIfAbsent(key: string, body: Buffer, contentType: string): Promise<boolean>;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
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

const KEY = /^[A-Za-z0-9!_.*'()-][A-Za-z0-9!_.*'()\-/]*$/;

/** False for keys that could escape the bucket or that OSS would not accept. */
export function isValidKey(key: string): boolean {
  return KEY.test(key) && key.length <= 1023 && !key.split('/').some((part) => part === '..' || part === '.');
}

/** Refuses keys that could escape the bucket or that OSS would not accept. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}
