import { assertKey, type BlobStore } from './blob-store';

/**
 * The part of an object-storage client the release store needs; the API server's `ObjectStore`
 * satisfies it as it is. `putIfAbsent` is optional: OSS offers it (`x-oss-forbid-overwrite: true`),
 * S3 (`If-None-Match: *`) too, and only with it are concurrent deploys refused strictly.
 */
export interface ObjectStoreLike {
  put(key: string, body: Buffer, contentType: string): Promise<unknown>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  list(prefix: string): Promise<string[]>;
  putIfAbsent?(key: string, body: Buffer, contentType: string): Promise<boolean>;
}

/** Releases and manifests in a bucket, under an optional key prefix (e.g. `releases/`). */
export class BucketBlobStore implements BlobStore {
  constructor(
    private readonly objects: ObjectStoreLike,
    private readonly prefix = '',
    readonly location = `bucket:${prefix || '/'}`,
  ) {}

  async get(key: string): Promise<Buffer | null> {
    assertKey(key);
    return (await this.objects.get(this.prefix + key))?.body ?? null;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.objects.put(this.prefix + key, body, contentType);
  }

  async create(key: string, body: Buffer, contentType: string): Promise<boolean> {
    assertKey(key);
    if (this.objects.putIfAbsent) return this.objects.putIfAbsent(this.prefix + key, body, contentType);
    // Check-then-put: a writer racing in between could still win. Without conditional puts, run
    // deploys for one environment one at a time (CI concurrency group) — the README says so.
    if (await this.objects.get(this.prefix + key)) return false;
    await this.objects.put(this.prefix + key, body, contentType);
    return true;
  }

  async list(prefix: string): Promise<string[]> {
    const keys = await this.objects.list(this.prefix + prefix);
    return keys.map((key) => key.slice(this.prefix.length)).sort();
  }
}
