import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../testing/test-app';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('embedded database folder lock', () => {
  it('refuses a folder held by another live process, and names it', () => {
    const temp = tempDir('creator-lock');
    const dir = path.join(temp.dir, 'pglite');
    writeFileSync(`${dir}.pid`, String(process.ppid));
    assert.throws(
      () => lockDataDir(dir),
      (error: unknown) => error instanceof DataDirLockedError && error.pid === process.ppid,
    );
    temp.remove();
  });

  it('takes over a lock left by a process that is gone, and releases it', () => {
    const temp = tempDir('creator-lock');
    const dir = path.join(temp.dir, 'pglite');
    writeFileSync(`${dir}.pid`, '999999999');
    const release = lockDataDir(dir);
    assert.throws(() => {
      writeFileSync(`${dir}.pid`, String(process.ppid));
      lockDataDir(dir);
    }, DataDirLockedError);
    writeFileSync(`${dir}.pid`, String(process.pid));
    release();
    assert.doesNotThrow(() => lockDataDir(dir)());
    temp.remove();
  });
});
