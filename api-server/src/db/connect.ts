/**
 * Opens the database the configuration names: PostgreSQL (a pg pool) when a URL is given, else the
 * embedded PGlite database. Both are reached through the same Kysely<Database>, so features never
 * know which engine runs.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PgliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
  /** PostgreSQL's connection pool as it is now (for /metrics); absent for PGlite, one connection in-process. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open (idle or lent out). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  databaseUrl: string;
  /** PGlite folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir);
}

function openPostgres(connectionString: string): DatabaseHandle {
  const max = 10;
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (error) => console.error(`database: idle connection lost: ${error.message}`));
  // pool.end() resolves as soon as its clients are told to end, not when their sockets have closed;
  // count them so that close() returns only once every connection is really gone.
  const open = new Set<pg.PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => {
    open.delete(client as pg.PoolClient);
    if (open.size === 0) allClosed?.();
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: async () => {
      const closed = new Promise<void>((resolve) => {
        allClosed = resolve;
      });
      await db.destroy();
      if (open.size > 0) await closed;
    },
  };
}

/**
 * Postgres's default 128 MB buffer pool lives in PGlite's WebAssembly memory, which never shrinks:
 * it held ~100 MB of the server's resident memory for a database of a few MB. 32 MB still caches a
 * demo-sized database whole; larger ones belong on PostgreSQL (its own settings).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/**
 * What every embedded database starts with, besides its files: the extensions and the start
 * parameters. A saved data folder (`dumpPglite`) is only valid for the same ones.
 */
export const PGLITE_START = { extensions: ['pg_trgm'], startParams: PGLITE_SETTINGS } as const;

/**
 * A new embedded database in memory, brought to a state by `prepare`, saved as a data-folder tarball
 * that `openPgliteFromDataDir` opens again without running initdb (a test template).
 */
export async function dumpPglite(prepare: (db: Kysely<Database>) => Promise<unknown>): Promise<Blob> {
  const { handle, pglite } = await startPglite(undefined);
  try {
    await prepare(handle.db);
    return await pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

/**
 * An embedded database started from a `dumpPglite` tarball instead of a new one: in memory, or in a
 * folder `dir` that has no database yet. The same extensions and start parameters as `openDatabase`.
 */
export async function openPgliteFromDataDir(dataDir: Blob, dir?: string): Promise<DatabaseHandle> {
  return (await startPglite(dir, dataDir)).handle;
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  return (await startPglite(dir)).handle;
}

async function startPglite(dir: string | undefined, loadDataDir?: Blob): Promise<{ handle: DatabaseHandle; pglite: PGlite }> {
  const unlock = dir ? lockDataDir(dir) : () => {};
  try {
    const pglite = await PGlite.create(dir ?? 'memory://', {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_START.startParams],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
    const handle: DatabaseHandle = {
      db,
      engine: 'pglite',
      close: async () => {
        await db.destroy();
        // Closing flushes PGlite's files; a killed process may leave a database that needs recovery.
        if (!pglite.closed) await pglite.close();
        unlock();
      },
    };
    return { handle, pglite };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Where the server keeps its embedded database. */
export function pgliteDirFor(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
