/**
 * Composite objects of the embedded store: a multipart completion hard-links the part files into the
 * store instead of copying them. The first part becomes the object's file (so write-once linking,
 * listing and the first bytes work as for any object); the others are kept in order under
 * `segments/<id>/<index>`, and the object's metadata lists every segment's size. A read walks the
 * segments by offset, opening each only when the stream reaches it.
 */
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ByteRange } from './object-store';

export interface SegmentList {
  /** The directory of segments 1..n-1 under the store's `segments/`. */
  dir: string;
  /** Every segment's size, the object's file first. */
  sizes: number[];
}

export const totalSize = (segments: SegmentList): number => segments.sizes.reduce((sum, size) => sum + size, 0);

/** Links (or, across file systems, copies) the files as segments 1..n-1 of a new directory under `root`. */
export async function linkSegments(root: string, dir: string, files: readonly string[]): Promise<void> {
  const target = path.join(root, dir);
  await fs.mkdir(target, { recursive: true });
  for (const [index, file] of files.entries()) {
    if (index === 0) continue;
    const place = path.join(target, String(index));
    await fs.link(file, place).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await fs.copyFile(file, place);
    });
  }
}

/** The bytes start..end (inclusive) of a composite object whose first segment is open as `first`. */
export function segmentStream(first: FileHandle, root: string, segments: SegmentList, range: ByteRange): Readable {
  const stream = Readable.from(
    (async function* walk() {
      let offset = 0;
      for (const [index, size] of segments.sizes.entries()) {
        const from = Math.max(range.start, offset);
        const to = Math.min(range.end, offset + size - 1);
        offset += size;
        if (from > to) continue;
        const options = { start: from - (offset - size), end: to - (offset - size), highWaterMark: 1024 * 1024 };
        if (index === 0) yield* first.createReadStream({ ...options, autoClose: false });
        else yield* createReadStream(path.join(root, segments.dir, String(index)), options);
        if (offset > range.end) break;
      }
    })(),
  );
  // On 'close', not in the generator: a stream destroyed before its first read never runs it.
  stream.once('close', () => void first.close().catch(() => undefined));
  return stream;
}
