/**
 * The pass a body takes on its way into storage: hashed (MD5, the ETag) and counted as it flows,
 * and stopped with ObjectTooLargeError the moment it passes its limit, so an oversize body is never
 * held or stored whole.
 */
import { type Hash, createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLargeError } from './object-store';

export class BodyMeter extends Transform {
  /** Absent when the caller already knows the ETag (a multipart completion): bytes are only counted. */
  private readonly hash: Hash | null;
  size = 0;

  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    hashing = true,
  ) {
    super();
    this.hash = hashing ? createHash('md5') : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    this.hash?.update(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    done(null, chunk);
  }

  /** Uppercase hex MD5 of everything that passed ('' when not hashing); call once, after the end. */
  etag(): string {
    return this.hash ? this.hash.digest('hex').toUpperCase() : '';
  }
}

/** A Buffer as a stream (in 1 MiB slices, not one giant chunk), or the stream itself. */
export function asReadable(body: Buffer | Readable): Readable {
  if (!Buffer.isBuffer(body)) return body;
  const SLICE = 1024 * 1024;
  return Readable.from(
    (function* slices() {
      for (let at = 0; at < body.length; at += SLICE) yield body.subarray(at, at + SLICE);
    })(),
  );
}
