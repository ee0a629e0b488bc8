/**
 * Creates and migrates the embedded database in a short-lived child process before the server opens
 * it. PGlite's WebAssembly memory grows to what its busiest moment needed and never shrinks: creating
 * a database (initdb, ~650 MB of it) and building the schema left a server that had done them in
 * process at 450–950 MB for good, against ~360 MB for one that opened a ready database. The child
 * hands all of that back to the system when it exits; the server then finds nothing to migrate.
 */
import { fork } from 'node:child_process';
import { entryExecArgv, entryUrl } from '../own-files';

const CHILD = entryUrl('db/pglite-prepare-child');

/** Resolves to the migrations the child applied (empty when the database was current). */
export function prepareEmbeddedDatabase(dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let applied: string[] = [];
    let said = '';
    // The child runs as the server does (its bundle, or its source through tsx).
    const child = fork(CHILD, [dir], { execArgv: entryExecArgv(), stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    child.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-2000);
    });
    child.on('message', (message: { applied?: string[] }) => {
      applied = message.applied ?? [];
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(applied);
      else reject(new Error(said.trim() || `preparing the embedded database failed (${signal ?? `exit ${code}`})`));
    });
  });
}
