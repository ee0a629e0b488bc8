/**
 * Multipart uploads of the embedded storage (OSS InitiateMultipartUpload / UploadPart /
 * CompleteMultipartUpload / AbortMultipartUpload): parts are files under `<root>/<uploadId>/`,
 * assembled into one object on completion. An upload remembers its key and the credentials' scope,
 * so a part or a completion for another key or user is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { bytes } from '../lib/bytes';

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

export const partEtag = (body: Buffer): string => createHash('md5').update(bytes(body)).digest('hex').toUpperCase();
const bareEtag = (etag: string): string => etag.replace(/"/g, '').trim().toUpperCase();

export class DiskMultipartUploads {
  constructor(
    private readonly root: string,
    /** The largest object a completion may assemble (it is assembled in memory). */
    private readonly maxObjectBytes = 200 * 1024 * 1024,
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

  /** Stores (or replaces, as OSS does on a retry) one part; returns its ETag. */
  async putPart(uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    const dir = this.dir(uploadId);
    const etag = partEtag(body);
    const tmp = path.join(dir, `${partNumber}.${randomBytes(6).toString('hex')}.tmp`);
    await fs.writeFile(tmp, bytes(body));
    await fs.rename(tmp, path.join(dir, `${partNumber}.part`));
    return etag;
  }

  /** Concatenates the listed parts after checking order and ETags. */
  async assemble(uploadId: string, parts: readonly CompletedPart[]): Promise<Buffer> {
    const dir = this.dir(uploadId);
    if (!parts.length) throw new MultipartError('InvalidPart', 'No parts were listed.');
    const chunks: Buffer[] = [];
    let total = 0;
    let previous = 0;
    for (const part of parts) {
      if (part.partNumber <= previous) throw new MultipartError('InvalidPartOrder', 'Parts must be listed in ascending order.');
      previous = part.partNumber;
      const body = await fs.readFile(path.join(dir, `${part.partNumber}.part`)).catch(() => null);
      if (!body || partEtag(body) !== bareEtag(part.etag)) {
        throw new MultipartError('InvalidPart', `Part ${part.partNumber} was not uploaded or its ETag does not match.`);
      }
      total += body.length;
      if (total > this.maxObjectBytes) throw new MultipartError('EntityTooLarge', 'The assembled object is too large.');
      chunks.push(body);
    }
    return Buffer.concat(chunks.map(bytes));
  }

  async remove(uploadId: string): Promise<void> {
    await fs.rm(this.dir(uploadId), { recursive: true, force: true });
  }
}
