import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { bytes } from '../lib/bytes';
import { type StorageAddress, addressInPrefix, encodeObjectKey } from './object-address';
import { assertValidKey, type ObjectInfo, type ObjectStore, type StoredObject } from './object-store';

interface Meta {
  contentType: string;
  etag: string;
}

/**
 * Objects as files under `<root>/<bucket>/objects/<key>`, metadata beside them in `meta/`.
 * Writes go to a temporary file and are renamed into place, so a reader never sees half an object.
 */
export class DiskObjectStore implements ObjectStore {
  private readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;

  constructor(
    root: string,
    readonly bucket: string,
    /** The path objects are served under (`/oss`). */
    private readonly publicBase: string,
    /** The origin of public URLs (STORAGE_PUBLIC_ORIGIN); empty = relative to the page. */
    private readonly publicOrigin = '',
  ) {
    this.objects = path.join(root, bucket, 'objects');
    this.meta = path.join(root, bucket, 'meta');
    this.tmp = path.join(root, bucket, 'tmp');
  }

  async put(key: string, body: Buffer, contentType: string): Promise<ObjectInfo> {
    assertValidKey(key);
    const etag = createHash('md5').update(bytes(body)).digest('hex').toUpperCase();
    await fs.mkdir(this.tmp, { recursive: true });
    const tmpBody = path.join(this.tmp, randomBytes(12).toString('hex'));
    const tmpMeta = `${tmpBody}.json`;
    await fs.writeFile(tmpBody, bytes(body));
    await fs.writeFile(tmpMeta, JSON.stringify({ contentType, etag } satisfies Meta));
    const file = path.join(this.objects, key);
    const metaFile = path.join(this.meta, `${key}.json`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.mkdir(path.dirname(metaFile), { recursive: true });
    await fs.rename(tmpMeta, metaFile);
    await fs.rename(tmpBody, file);
    const stat = await fs.stat(file);
    return { key, size: stat.size, contentType, etag, lastModified: stat.mtime };
  }

  /**
   * Write-once: the body is hard-linked into place, which fails when the name exists, so of two
   * racing creations exactly one wins and an existing object is never replaced.
   */
  async putIfAbsent(key: string, body: Buffer, contentType: string): Promise<boolean> {
    assertValidKey(key);
    const etag = createHash('md5').update(bytes(body)).digest('hex').toUpperCase();
    await fs.mkdir(this.tmp, { recursive: true });
    const tmpBody = path.join(this.tmp, randomBytes(12).toString('hex'));
    const tmpMeta = `${tmpBody}.json`;
    await fs.writeFile(tmpBody, bytes(body));
    await fs.writeFile(tmpMeta, JSON.stringify({ contentType, etag } satisfies Meta));
    const file = path.join(this.objects, key);
    const metaFile = path.join(this.meta, `${key}.json`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.mkdir(path.dirname(metaFile), { recursive: true });
    try {
      await fs.link(tmpBody, file);
    } catch (error) {
      await Promise.all([fs.rm(tmpBody, { force: true }), fs.rm(tmpMeta, { force: true })]);
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    await fs.rename(tmpMeta, metaFile);
    await fs.rm(tmpBody, { force: true });
    return true;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const [stat, raw] = await Promise.all([
        fs.stat(path.join(this.objects, key)),
        fs.readFile(path.join(this.meta, `${key}.json`), 'utf8'),
      ]);
      if (!stat.isFile()) return null;
      const meta = JSON.parse(raw) as Meta;
      return { key, size: stat.size, contentType: meta.contentType, etag: meta.etag, lastModified: stat.mtime };
    } catch {
      return null;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    try {
      return { ...info, body: await fs.readFile(path.join(this.objects, key)) };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await fs.rm(path.join(this.objects, key), { force: true });
    await fs.rm(path.join(this.meta, `${key}.json`), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
        else if (key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(this.objects, '');
    return keys.sort();
  }

  publicUrl(key: string): string {
    return `${this.publicOrigin}${this.publicBase}/${this.bucket}/${encodeObjectKey(key)}`;
  }

  keyOfUrl(raw: string): string | null {
    return this.addressOf(raw)?.key ?? null;
  }

  /** `<publicBase>/<bucket>/<key>`, relative or on any origin (the page's, whatever it is). */
  addressOf(raw: string): StorageAddress | null {
    let pathname: string;
    try {
      pathname = new URL(raw.trim(), 'http://storage.invalid').pathname;
    } catch {
      return null;
    }
    return addressInPrefix(pathname, `${this.publicBase}/${this.bucket}/`);
  }
}
