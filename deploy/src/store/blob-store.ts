/**
 * The storage a release store sits on: a local folder (the default) or an object-storage bucket.
 * Keys are `/`-separated paths such as `mf-drafts/1.2.0/remoteEntry.js`.
 */
export interface BlobStore {
  /** Human-readable location, for messages. */
  readonly location: string;
  get(key: string): Promise<Buffer | null>;
  /** Replaces the object atomically: a reader sees the old or the new body, never half of one. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes only if the key does not exist yet; false when it does. Atomic where the backend allows
   * (the folder store links a finished temp file into place), which is what immutability and the
   * manifest's compare-and-swap rest on.
   */
  create(key: string, body: Buffer, contentType: string): Promise<boolean>;
  /** Keys that start with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
}

const KEY = /^[A-Za-z0-9_.@-][A-Za-z0-9_.@/-]*$/;

/** Refuses keys that could leave the store's root. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid store key: ${JSON.stringify(key)}`);
  }
}

const TYPES: Record<string, string> = {
  js: 'application/javascript',
  mjs: 'application/javascript',
  json: 'application/json',
  css: 'text/css',
  map: 'application/json',
  html: 'text/html',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  txt: 'text/plain',
};

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
