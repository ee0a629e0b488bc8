/** fileSink: a body's bytes land in their file byte-exact, written by the pool or by the calling thread. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, describe, it } from 'node:test';
import { fileSink, type FileWrites } from './file-sink';

/**
 * How many of this process's descriptors are open on `file` (Linux; 0 elsewhere). Counting all the
 * process's descriptors instead let others that opened or closed meanwhile (the runner's, an earlier
 * test's) move the figure either way.
 */
function descriptorsOn(file: string): number {
  if (process.platform !== 'linux') return 0;
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target === file || target === `${file} (deleted)`;
    } catch {
      return false; // closed while listed
    }
  }).length;
}

describe('fileSink', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-sink-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const writes of ['pool', 'own-thread'] satisfies FileWrites[]) {
    it(`${writes}: writes 9 MB of uneven chunks byte-exact`, async () => {
      // Chunk sizes as a socket hands them over, and some a client's framing leaves.
      const chunks = Array.from({ length: 150 }, (_, i) => randomBytes([65536, 1, 16384, 4093, 131072][i % 5] as number));
      const file = path.join(dir, `${writes}.bin`);
      await pipeline(Readable.from(chunks), fileSink(file, writes));
      assert.deepEqual(fs.readFileSync(file), Buffer.concat(chunks));
    });

    it(`${writes}: a body that fails midway rejects and leaves no file open`, async () => {
      const file = path.join(dir, `${writes}-failed.bin`);
      async function* failing() {
        yield randomBytes(70_000);
        throw new Error('the client went away');
      }
      await assert.rejects(pipeline(Readable.from(failing()), fileSink(file, writes)), /the client went away/);
      // The pool closes its descriptor asynchronously after the failure.
      for (let i = 0; i < 50 && descriptorsOn(file) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(descriptorsOn(file), 0);
    });
  }

  it('own-thread: a file that cannot be opened fails the write, nothing thrown past it', async () => {
    await assert.rejects(pipeline(Readable.from([Buffer.from('x')]), fileSink(path.join(dir, 'missing', 'x.bin'), 'own-thread')), { code: 'ENOENT' });
  });
});
