/**
 * Where a stored body's bytes go: a file, written either through libuv's thread pool (the default:
 * the calling thread never waits for the disk) or by the calling thread itself. The storage thread
 * writes its own bytes: it exists only to move them, runs at a lower priority than the API's thread
 * (lib/thread-priority.ts), and the pool's threads run at the process's normal priority, so writes
 * handed to them competed with the API for the cores at full weight.
 */
import { closeSync, createWriteStream, openSync, writevSync } from 'node:fs';
import { Writable } from 'node:stream';

/** Writes every chunk on the calling thread (a page-cache copy: microseconds per 64 KB). */
class SyncFileWriter extends Writable {
  private fd: number | null = null;

  constructor(private readonly file: string) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    try {
      this.fd = openSync(this.file, 'w');
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    try {
      const buffers = chunks.map(({ chunk }) => chunk);
      while (buffers.length) {
        let written = writevSync(this.fd as number, buffers);
        // A regular file takes all of it; a short write goes on from where it stopped.
        while (buffers.length && written >= (buffers[0] as Buffer).length) written -= (buffers.shift() as Buffer).length;
        if (buffers.length && written > 0) buffers[0] = (buffers[0] as Buffer).subarray(written);
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this._writev([{ chunk }], callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.closeFile(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.closeFile((closeError) => callback(error ?? closeError));
  }

  private closeFile(callback: (error?: Error | null) => void): void {
    const fd = this.fd;
    this.fd = null;
    try {
      if (fd !== null) closeSync(fd);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

export type FileWrites = 'pool' | 'own-thread';

export function fileSink(file: string, writes: FileWrites): Writable {
  return writes === 'own-thread' ? new SyncFileWriter(file) : createWriteStream(file);
}
