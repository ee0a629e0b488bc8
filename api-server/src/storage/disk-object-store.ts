import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileSink, type FileWrites } from './file-sink';
import { BodyMeter, asReadable } from './body-meter';
import { type StorageAddress, addressInPrefix, encodeObjectKey } from './object-address';
import { type SegmentList, linkSegments, segmentStream, totalSize } from './segments';
import { assertValidKey, type ByteRange, type ListedObject, type ObjectInfo, type ObjectStore, type ObjectStream, type PutOptions } from './object-store';

interface Meta {
  contentType: string;
  etag: string;
  /** A composite object (a completed multipart upload): its file is the first of these segments. */
  segments?: SegmentList;
}

interface Staged {
  body: string;
  meta: string;
  etag: string;
}

/**
 * Objects as files under `<root>/<bucket>/objects/<key>`, metadata beside them in `meta/`.
 * Writes stream to a temporary file (hashed on the way) and are renamed into place, so a reader
 * never sees half an object and no body is ever held in memory. A completed multipart upload is a
 * composite object: its part files linked in as segments, listed in its metadata (segments.ts).
 */
export class DiskObjectStore implements ObjectStore {
  private readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;
  private readonly segments: string;

  constructor(
    root: string,
    readonly bucket: string,
    /** The path objects are served under (`/oss`). */
    private readonly publicBase: string,
    /** The origin of public URLs (STORAGE_PUBLIC_ORIGIN); empty = relative to the page. */
    private readonly publicOrigin = '',
    /** Who writes the object files (file-sink.ts). */
    private readonly writes: FileWrites = 'pool',
  ) {
    this.objects = path.join(root, bucket, 'objects');
    this.meta = path.join(root, bucket, 'meta');
    this.tmp = path.join(root, bucket, 'tmp');
    this.segments = path.join(root, bucket, 'segments');
  }

  /** Streams the body to a temporary file and its metadata beside it; removed again on failure. */
  private async stage(body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<Staged> {
    await fs.mkdir(this.tmp, { recursive: true });
    const tmpBody = path.join(this.tmp, randomBytes(12).toString('hex'));
    const tmpMeta = `${tmpBody}.json`;
    const meter = new BodyMeter(options?.maxBytes, !options?.etag);
    try {
      await pipeline(asReadable(body), meter, fileSink(tmpBody, this.writes));
      const etag = options?.etag ?? meter.etag();
      await fs.writeFile(tmpMeta, JSON.stringify({ contentType, etag } satisfies Meta));
      return { body: tmpBody, meta: tmpMeta, etag };
    } catch (error) {
      await Promise.all([fs.rm(tmpBody, { force: true }), fs.rm(tmpMeta, { force: true })]);
      throw error;
    }
  }

  private async placesFor(key: string): Promise<{ file: string; metaFile: string }> {
    const file = path.join(this.objects, key);
    const metaFile = path.join(this.meta, `${key}.json`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.mkdir(path.dirname(metaFile), { recursive: true });
    return { file, metaFile };
  }

  async put(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<ObjectInfo> {
    assertValidKey(key);
    const staged = await this.stage(body, contentType, options);
    const { file, metaFile } = await this.placesFor(key);
    const replaced = await this.readMeta(key);
    await fs.rename(staged.meta, metaFile);
    await fs.rename(staged.body, file);
    await this.dropSegments(replaced);
    const stat = await fs.stat(file);
    return { key, size: stat.size, contentType, etag: staged.etag, lastModified: stat.mtime };
  }

  private async dropSegments(meta: Meta | null): Promise<void> {
    if (meta?.segments) await fs.rm(path.join(this.segments, meta.segments.dir), { recursive: true, force: true });
  }

  /**
   * Stores the files, in order, as one composite object without copying or hashing a byte: the first
   * is hard-linked as the object's file, the others as its segments (storage/segments.ts); `etag`
   * is the one the caller computed. With `ifAbsent` it is write-once as putIfAbsent (null when the
   * key exists). The files stay the caller's to remove.
   */
  async putParts(
    key: string,
    files: readonly string[],
    sizes: readonly number[],
    contentType: string,
    etag: string,
    ifAbsent: boolean,
  ): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const first = files[0];
    if (!first || files.length !== sizes.length) throw new Error('a composite object needs its files and their sizes');
    const segments: SegmentList = { dir: randomBytes(12).toString('hex'), sizes: [...sizes] };
    await fs.mkdir(this.tmp, { recursive: true });
    const tmpBody = path.join(this.tmp, randomBytes(12).toString('hex'));
    const tmpMeta = `${tmpBody}.json`;
    const discard = () => Promise.all([fs.rm(tmpBody, { force: true }), fs.rm(tmpMeta, { force: true }), this.dropSegments({ contentType, etag, segments })]);
    try {
      await linkSegments(this.segments, segments.dir, files);
      await fs.writeFile(tmpMeta, JSON.stringify({ contentType, etag, segments } satisfies Meta));
      await fs.link(first, tmpBody).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await fs.copyFile(first, tmpBody);
      });
    } catch (error) {
      await discard();
      throw error;
    }
    const { file, metaFile } = await this.placesFor(key);
    if (ifAbsent) {
      try {
        await fs.link(tmpBody, file);
      } catch (error) {
        await discard();
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
        throw error;
      }
      await fs.rename(tmpMeta, metaFile);
      await fs.rm(tmpBody, { force: true });
    } else {
      const replaced = await this.readMeta(key);
      await fs.rename(tmpMeta, metaFile);
      await fs.rename(tmpBody, file);
      await this.dropSegments(replaced);
    }
    const stat = await fs.stat(file);
    return { key, size: totalSize(segments), contentType, etag, lastModified: stat.mtime };
  }

  /**
   * Write-once: the body is hard-linked into place, which fails when the name exists, so of two
   * racing creations exactly one wins and an existing object is never replaced.
   */
  async putIfAbsent(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<ObjectInfo | null> {
    assertValidKey(key);
    const staged = await this.stage(body, contentType, options);
    const { file, metaFile } = await this.placesFor(key);
    try {
      await fs.link(staged.body, file);
    } catch (error) {
      await Promise.all([fs.rm(staged.body, { force: true }), fs.rm(staged.meta, { force: true })]);
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
      throw error;
    }
    await fs.rename(staged.meta, metaFile);
    await fs.rm(staged.body, { force: true });
    const stat = await fs.stat(file);
    return { key, size: stat.size, contentType, etag: staged.etag, lastModified: stat.mtime };
  }

  private async readMeta(key: string): Promise<Meta | null> {
    try {
      return JSON.parse(await fs.readFile(path.join(this.meta, `${key}.json`), 'utf8')) as Meta;
    } catch {
      return null;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const [stat, meta] = await Promise.all([fs.stat(path.join(this.objects, key)), this.readMeta(key)]);
      if (!stat.isFile() || !meta) return null;
      return { key, size: meta.segments ? totalSize(meta.segments) : stat.size, contentType: meta.contentType, etag: meta.etag, lastModified: stat.mtime };
    } catch {
      return null;
    }
  }

  /**
   * The file is opened before it is described, so the stream reads the very file whose size is
   * answered even if a put renames another one into place meanwhile. A range is clamped to the
   * object; one that starts past its end is a RangeError (the route answers 416 before asking).
   */
  async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    assertValidKey(key);
    const handle = await fs.open(path.join(this.objects, key), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const [stat, meta] = await Promise.all([handle.stat(), this.readMeta(key)]);
      if (!stat.isFile() || !meta) {
        await handle.close();
        return null;
      }
      const size = meta.segments ? totalSize(meta.segments) : stat.size;
      const info: ObjectInfo = { key, size, contentType: meta.contentType, etag: meta.etag, lastModified: stat.mtime };
      let asked: ByteRange | null = null;
      if (range) {
        if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size || range.end < range.start) {
          throw new RangeError(`range ${range.start}-${range.end} outside an object of ${size} bytes`);
        }
        asked = { start: range.start, end: Math.min(range.end, size - 1) };
      }
      const body = meta.segments
        ? segmentStream(handle, this.segments, meta.segments, asked ?? { start: 0, end: size - 1 })
        : handle.createReadStream(asked ? { start: asked.start, end: asked.end } : {});
      return { ...info, body, range: asked };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer | null> {
    assertValidKey(key);
    const meta = await this.readMeta(key);
    if (meta?.segments) return this.readCompositeHead(key, length);
    const handle = await fs.open(path.join(this.objects, key), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const buffer = Buffer.alloc(Math.max(0, length));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  /** The first bytes of a composite object, from as many segments as they span. */
  private async readCompositeHead(key: string, length: number): Promise<Buffer | null> {
    const info = await this.head(key);
    if (!info) return null;
    if (length <= 0 || info.size === 0) return Buffer.alloc(0);
    const object = await this.get(key, { start: 0, end: length - 1 });
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const meta = await this.readMeta(key);
    await fs.rm(path.join(this.objects, key), { force: true });
    await fs.rm(path.join(this.meta, `${key}.json`), { force: true });
    await this.dropSegments(meta);
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

  /**
   * Every object under a prefix with its size and time, a folder at a time (keys sorted within
   * it), never the whole listing in memory: what the orphan sweep and the storage report walk.
   */
  async *scan(prefix = ''): AsyncGenerator<ListedObject> {
    yield* this.walk(this.objects, '', prefix);
  }

  private async *walk(dir: string, rel: string, prefix: string): AsyncGenerator<ListedObject> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // Only folders that can hold keys of the prefix.
        if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) yield* this.walk(path.join(dir, entry.name), key, prefix);
      } else if (key.startsWith(prefix)) {
        const info = await this.head(key);
        if (info) yield { key, size: info.size, lastModified: info.lastModified };
      }
    }
  }

  /**
   * Bytes stored under one creator's keys (`<kind>/<yyyymmdd>/<scope>/…`): the kind and date folders
   * are listed, and only the creator's own folder in each is read.
   */
  async scopeBytes(scope: string): Promise<number> {
    let total = 0;
    for (const kind of await fs.readdir(this.objects).catch(() => [] as string[])) {
      for (const date of await fs.readdir(path.join(this.objects, kind)).catch(() => [] as string[])) {
        const folder = `${kind}/${date}/${scope}`;
        const names = await fs.readdir(path.join(this.objects, folder)).catch(() => [] as string[]);
        const sizes = await Promise.all(
          names.map((name) =>
            this.head(`${folder}/${name}`).then(
              (info) => info?.size ?? 0,
              () => 0,
            ),
          ),
        );
        total += sizes.reduce((sum, size) => sum + size, 0);
      }
    }
    return total;
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
