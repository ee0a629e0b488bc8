/**
 * PGlite keeps its files in one folder that only one process may open: a second process (the
 * operator CLI while the server runs, or a second server) would corrupt it. A lock file holding the
 * owner's process id turns that into a clear refusal.
 */
import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL.`);
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  // Beside the folder, not in it: PGlite initialises only an empty folder.
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const file = `${dir}.pid`;
  try {
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(dir, owner);
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    // No lock file (or an unreadable one): the folder is free.
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
