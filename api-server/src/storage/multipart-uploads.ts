/**
 * Multipart uploads of the embedded storage (OSS InitiateMultipartUpload / UploadPart /
 * CompleteMultipartUpload / AbortMultipartUpload): parts are files under `<root>/<uploadId>/`,
 * each streamed there from the request and hashed on the way (its ETag is kept beside it). On
 * completion the embedded store links the part files in as a composite object (storage/segments.ts);
 * `stream` gives them one after the other for any other store. No part and no object is ever held
 * in memory, and the object is not hashed again: its ETag is the multipart form OSS and S3 answer,
 * computed from the parts' stored ETags. An upload remembers its key and the credentials' scope, so
 * a part or a completion for another key or user is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BodyMeter } from './body-meter';
import { fileSink, type FileWrites } from './file-sink';

export interface MultipartUpload {
  uploadId: string;
  key: string;
  scope: string;
  contentType: string;
  createdAt: string;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** The listed parts, checked, ready to be streamed into the object. */
export interface AssemblyPlan {
  files: string[];
  /** Each file's size, in order. */
  sizes: number[];
  size: number;
  /** `<uppercase hex MD5 of the listed parts' binary MD5s>-<number of parts>`, as OSS answers. */
  etag: string;
}

/** A read this large costs a copy far less in system calls; nothing hashes it on the way any more. */
const ASSEMBLY_READ_BYTES = 8 * 1024 * 1024;

interface PartMeta {
  etag: string;
  size: number;
}

export class MultipartError extends Error {
  constructor(
    readonly code: 'NoSuchUpload' | 'InvalidPart' | 'InvalidPartOrder' | 'EntityTooLarge',
    message: string,
  ) {
    super(message);
  }
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;
export const MAX_PART_NUMBER = 10_000;

const bareEtag = (etag: string): string => etag.replace(/"/g, '').trim().toUpperCase();

export class DiskMultipartUploads {
  constructor(
    private readonly root: string,
    /** Who writes the part files (file-sink.ts). */
    private readonly writes: FileWrites = 'pool',
  ) {}

  private dir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new MultipartError('NoSuchUpload', 'The specified upload does not exist.');
    return path.join(this.root, uploadId);
  }

  async initiate(key: string, scope: string, contentType: string): Promise<MultipartUpload> {
    const upload: MultipartUpload = { uploadId: randomBytes(16).toString('hex'), key, scope, contentType, createdAt: new Date().toISOString() };
    const dir = this.dir(upload.uploadId);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'upload.json'), JSON.stringify(upload));
    return upload;
  }

  async find(uploadId: string): Promise<MultipartUpload | null> {
    try {
      return JSON.parse(await fs.readFile(path.join(this.dir(uploadId), 'upload.json'), 'utf8')) as MultipartUpload;
    } catch {
      return null;
    }
  }

  /**
   * Streams one part to its file (or replaces it, as OSS does on a retry); returns its ETag.
   * Past maxBytes the stream fails with ObjectTooLargeError and nothing is kept.
   */
  async putPart(uploadId: string, partNumber: number, body: Readable, maxBytes: number): Promise<string> {
    const dir = this.dir(uploadId);
    const tmp = path.join(dir, `${partNumber}.${randomBytes(6).toString('hex')}.tmp`);
    const meter = new BodyMeter(maxBytes);
    try {
      await pipeline(body, meter, fileSink(tmp, this.writes));
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
    const meta: PartMeta = { etag: meter.etag(), size: meter.size };
    // The ETag lands first: a part file is never there without the ETag of its own bytes
    // (a completion also checks the file's size against it).
    await fs.writeFile(path.join(dir, `${partNumber}.json`), JSON.stringify(meta));
    await fs.rename(tmp, path.join(dir, `${partNumber}.part`));
    return meta.etag;
  }

  /** Checks order, ETags (as stored when each part arrived) and the total size; reads no part. */
  async plan(uploadId: string, parts: readonly CompletedPart[], maxObjectBytes: number): Promise<AssemblyPlan> {
    const dir = this.dir(uploadId);
    if (!parts.length) throw new MultipartError('InvalidPart', 'No parts were listed.');
    const files: string[] = [];
    const sizes: number[] = [];
    const partMd5s: Buffer[] = [];
    let size = 0;
    let previous = 0;
    for (const part of parts) {
      if (part.partNumber <= previous) throw new MultipartError('InvalidPartOrder', 'Parts must be listed in ascending order.');
      previous = part.partNumber;
      const file = path.join(dir, `${part.partNumber}.part`);
      const [meta, stat] = await Promise.all([
        fs.readFile(path.join(dir, `${part.partNumber}.json`), 'utf8').then(
          (raw) => JSON.parse(raw) as PartMeta,
          () => null,
        ),
        fs.stat(file).catch(() => null),
      ]);
      if (!meta || !stat || stat.size !== meta.size || meta.etag !== bareEtag(part.etag)) {
        throw new MultipartError('InvalidPart', `Part ${part.partNumber} was not uploaded or its ETag does not match.`);
      }
      size += meta.size;
      if (size > maxObjectBytes) throw new MultipartError('EntityTooLarge', 'The assembled object is too large.');
      files.push(file);
      sizes.push(meta.size);
      partMd5s.push(Buffer.from(meta.etag, 'hex'));
    }
    const etag = `${createHash('md5')
      .update(new Uint8Array(Buffer.concat(partMd5s)))
      .digest('hex')
      .toUpperCase()}-${parts.length}`;
    return { files, sizes, size, etag };
  }

  /** The first bytes of the assembled object (for sniffing its type), read from the part files. */
  async head(plan: AssemblyPlan, length: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let total = 0;
    for (const file of plan.files) {
      if (total >= length) break;
      const handle = await fs.open(file, 'r');
      try {
        const buffer = Buffer.alloc(length - total);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        chunks.push(buffer.subarray(0, bytesRead));
        total += bytesRead;
      } finally {
        await handle.close();
      }
    }
    return Buffer.concat(chunks);
  }

  /** The object: the part files one after the other, as one stream (store it with `etag: plan.etag`). */
  stream(plan: AssemblyPlan, readBytes = ASSEMBLY_READ_BYTES): Readable {
    return Readable.from(
      (async function* concatenated() {
        for (const file of plan.files) yield* createReadStream(file, { highWaterMark: readBytes });
      })(),
    );
  }

  async remove(uploadId: string): Promise<void> {
    await fs.rm(this.dir(uploadId), { recursive: true, force: true });
  }

  /**
   * Removes the uploads nobody has touched for `maxAgeMs` (OSS's lifecycle rule for incomplete
   * multipart uploads does the same): a creator who closed the tab mid-upload leaves its parts on
   * disk, gigabytes for a video. The newest file of an upload counts, so one still being resumed,
   * part after part, is kept however old it is. Returns the ids removed.
   */
  async sweepAbandoned(maxAgeMs: number, now = Date.now()): Promise<string[]> {
    const entries = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    const removed: string[] = [];
    for (const entry of entries) {
      if (!entry.isDirectory() || !UPLOAD_ID.test(entry.name)) continue;
      const dir = path.join(this.root, entry.name);
      const files = await fs.readdir(dir).catch(() => []);
      const times = await Promise.all(
        [dir, ...files.map((file) => path.join(dir, file))].map((file) =>
          fs.stat(file).then(
            (s) => s.mtimeMs,
            () => 0,
          ),
        ),
      );
      if (now - Math.max(...times) < maxAgeMs) continue;
      await fs.rm(dir, { recursive: true, force: true });
      removed.push(entry.name);
    }
    return removed;
  }
}
