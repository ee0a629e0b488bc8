/**
 * Multipart uploads of the embedded storage (OSS InitiateMultipartUpload / UploadPart /
 * CompleteMultipartUpload / AbortMultipartUpload): parts are files under `<root>/<uploadId>/`,
 * each streamed there from the request and hashed on the way (its ETag is kept beside it). On
 * completion the embedded store links the part files in as a composite object (storage/segments.ts);
 * `stream` gives them one after the other for any other store. No part and no object is ever held
 * in memory, and the object is not hashed again: its ETag is the multipart form OSS and S3 answer,
 * computed from the parts' stored ETags. An upload remembers its key and the credentials' scope, so
 * a part or a completion for another key or user is refused.
 *
 * Bounded while they stream: a part is refused (UploadLimitError, EntityTooLarge) when it would take
 * the upload's parts beyond the object's limit, before a byte is read when it declares its length,
 * else the moment it passes what is left. The parts already stored (a part number sent again counts
 * once, as its new copy replaces the old) and the parts still arriving (each reserves its bytes in a
 * `<n>.<random>.reserve` file first) count, so parts sent in parallel cannot add up past the limit.
 * Each creator's open uploads are indexed under `<root>-scopes/u<uid>/`, so their number and bytes are
 * read without walking every upload.
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

/** A write that would pass one of the limits (storage/limits.ts); answered with the code's OSS error. */
export class UploadLimitError extends Error {
  constructor(
    readonly code: 'EntityTooLarge' | 'TooManyOpenUploads' | 'QuotaExceeded',
    message: string,
  ) {
    super(message);
  }
}

/** An open upload of one creator, with the bytes of its stored parts. */
export interface OpenUpload {
  uploadId: string;
  bytes: number;
}

/** A part's claim on its upload's room, held while it streams. */
export interface PartReservation {
  /** The most the part may bring. */
  maxBytes: number;
  release(): Promise<void>;
}

const RESERVE = /^(\d+)\.[0-9a-f]+\.reserve$/;
const PART_FILE = /^(\d+)\.part$/;
const USER_SCOPE = /^u\d+$/;

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

  private scopeDir(scope: string): string | null {
    return USER_SCOPE.test(scope) ? path.join(`${this.root}-scopes`, scope) : null;
  }

  /**
   * Opens an upload. A creator's scope (`u<uid>`) may hold at most `maxOpen` open uploads: the new
   * one is indexed first and then counted, so of several opened at once none passes the bound.
   */
  async initiate(key: string, scope: string, contentType: string, maxOpen = Number.POSITIVE_INFINITY): Promise<MultipartUpload> {
    const upload: MultipartUpload = { uploadId: randomBytes(16).toString('hex'), key, scope, contentType, createdAt: new Date().toISOString() };
    const dir = this.dir(upload.uploadId);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'upload.json'), JSON.stringify(upload));
    const index = this.scopeDir(scope);
    if (index) {
      await fs.mkdir(index, { recursive: true });
      await fs.writeFile(path.join(index, upload.uploadId), '');
      if ((await this.openUploads(scope)).length > maxOpen) {
        await this.remove(upload.uploadId);
        throw new UploadLimitError('TooManyOpenUploads', `You may have at most ${maxOpen} multipart uploads open at once.`);
      }
    }
    return upload;
  }

  /** Every open upload, with the bytes of its stored parts and when it was last touched (the storage report). */
  async listOpen(): Promise<Array<MultipartUpload & { bytes: number; touchedAt: Date }>> {
    const entries = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    const open: Array<MultipartUpload & { bytes: number; touchedAt: Date }> = [];
    for (const entry of entries) {
      if (!entry.isDirectory() || !UPLOAD_ID.test(entry.name)) continue;
      const upload = await this.find(entry.name);
      const files = await fs.readdir(this.dir(entry.name)).catch(() => [] as string[]);
      if (!upload) continue;
      const times = await Promise.all(
        files.map((file) =>
          fs.stat(path.join(this.dir(entry.name), file)).then(
            (stat) => stat.mtimeMs,
            () => 0,
          ),
        ),
      );
      open.push({ ...upload, bytes: await this.storedPartBytes(entry.name, files), touchedAt: new Date(Math.max(0, ...times)) });
    }
    return open;
  }

  /** The creator's open uploads (scope `u<uid>`), with the bytes of their stored parts. */
  async openUploads(scope: string): Promise<OpenUpload[]> {
    const index = this.scopeDir(scope);
    if (!index) return [];
    const ids = await fs.readdir(index).catch(() => [] as string[]);
    const open = await Promise.all(
      ids.map(async (uploadId): Promise<OpenUpload | null> => {
        if (!UPLOAD_ID.test(uploadId)) return null;
        const files = await fs.readdir(this.dir(uploadId)).catch(() => null);
        if (!files?.includes('upload.json')) {
          // Completed, aborted or swept meanwhile (or a crash between the two removals).
          if (!files) await fs.rm(path.join(index, uploadId), { force: true });
          return null;
        }
        return { uploadId, bytes: await this.storedPartBytes(uploadId, files) };
      }),
    );
    return open.filter((upload): upload is OpenUpload => upload !== null);
  }

  /** Bytes of the upload's stored parts, but `except` (a part number being sent again). */
  private async storedPartBytes(uploadId: string, files: readonly string[], except = 0): Promise<number> {
    const dir = this.dir(uploadId);
    const sizes = await Promise.all(
      files.map((file) => {
        const part = PART_FILE.exec(file);
        if (!part || Number(part[1]) === except) return 0;
        return fs.stat(path.join(dir, file)).then(
          (stat) => stat.size,
          () => 0,
        );
      }),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  /** Bytes of the upload's parts (stored, and reserved by the parts still arriving), but part `partNumber` and the reservation `own`. */
  private async partsBesides(uploadId: string, partNumber: number, own = ''): Promise<number> {
    const dir = this.dir(uploadId);
    const files = await fs.readdir(dir).catch(() => {
      throw new MultipartError('NoSuchUpload', 'The specified upload does not exist.');
    });
    const reserved = await Promise.all(
      files.map((file) =>
        RESERVE.test(file) && file !== own
          ? fs.readFile(path.join(dir, file), 'utf8').then(
              (text) => Number(text) || 0,
              () => 0,
            )
          : 0,
      ),
    );
    return (await this.storedPartBytes(uploadId, files, partNumber)) + reserved.reduce((sum, size) => sum + size, 0);
  }

  /**
   * Claims room for part `partNumber` before it streams: `declared` bytes (its Content-Length), or
   * when it declares none, up to `bodyLimit` of what is left. Refused (EntityTooLarge) when the
   * upload's other parts and this one would pass `objectLimit`. The reservation is written, then the
   * whole counted again, so parts racing each other cannot both take the last room.
   */
  async reservePart(uploadId: string, partNumber: number, declared: number | null, objectLimit: number, bodyLimit: number): Promise<PartReservation> {
    const dir = this.dir(uploadId);
    const tooLarge = () => new UploadLimitError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size of the object.');
    const room = objectLimit - (await this.partsBesides(uploadId, partNumber));
    if (declared !== null ? declared > room : room <= 0) throw tooLarge();
    const maxBytes = declared ?? Math.min(bodyLimit, room);
    const name = `${partNumber}.${randomBytes(6).toString('hex')}.reserve`;
    const file = path.join(dir, name);
    await fs.writeFile(file, String(maxBytes));
    const release = () => fs.rm(file, { force: true });
    if ((await this.partsBesides(uploadId, partNumber, name)) + maxBytes > objectLimit) {
      await release();
      throw tooLarge();
    }
    return { maxBytes, release };
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
    const upload = await this.find(uploadId);
    await fs.rm(this.dir(uploadId), { recursive: true, force: true });
    const index = upload && this.scopeDir(upload.scope);
    if (index) await fs.rm(path.join(index, uploadId), { force: true });
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
      await this.remove(entry.name);
      removed.push(entry.name);
    }
    return removed;
  }
}
