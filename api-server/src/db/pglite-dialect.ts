/**
 * A Kysely dialect for PGlite (PostgreSQL compiled to WebAssembly, in process). The published
 * `kysely-pglite` does not work with Kysely 0.29, and the dialect is small: PGlite speaks
 * PostgreSQL, so the compiler, adapter and introspector are Kysely's own Postgres ones.
 *
 * PGlite has exactly one session. Kysely assumes a pool, so a transaction on one "connection" could
 * interleave with a query on another and land inside that transaction. The driver hands the single
 * connection to one user at a time (a FIFO mutex), which serialises transactions correctly.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = compiledQuery.sql.trimStart().slice(0, 6).toLowerCase();
    const changes = ['insert', 'update', 'delete'].includes(command) || command.startsWith('merge');
    return {
      rows: result.rows,
      ...(changes ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the PGlite dialect');
  }
}

/**
 * How long queries may run back to back before the event loop gets a turn. PGlite executes on the
 * event-loop thread and its query() settles in microtasks, so the queries of many concurrent
 * requests chained into one long macrotask: each finished query let the next request's query run at
 * once, and no socket was read and no timer fired until all of them were done. The concurrency bench
 * caught turns of 250–800 ms holding 40–65 queries (event-loop delay p99 ~1 s) while every request's
 * own time inside the server stayed short. Yielding after every query instead made every request
 * wait for every other's queries in lockstep; yielding once the turn has used its slice keeps turns
 * short and the queue first come, first served.
 */
export const PGLITE_SLICE_MS = 8;

/** First come, first served: each waiter gets the connection when the previous holder releases it. */
class Mutex {
  private held = false;
  private readonly waiters: Array<() => void> = [];
  /** When the current turn of the event loop started running queries; null once it has ended. */
  private turnStart: number | null = null;

  /** Has this turn of the event loop run queries for its whole slice already? */
  private sliceSpent(): boolean {
    const now = performance.now();
    if (this.turnStart === null) {
      this.turnStart = now;
      // Queued from a microtask, this runs after the next I/O poll: the turn has ended by then.
      setImmediate(() => {
        this.turnStart = null;
      });
    }
    return now - this.turnStart >= PGLITE_SLICE_MS;
  }

  async lock(): Promise<() => void> {
    if (this.held) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else {
      this.held = true;
      // Free, but this turn has had its share: take it after the sockets and timers that wait.
      if (this.sliceSpent()) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOver();
    };
  }

  /** Still held while `next` waits for its turn: a caller arriving meanwhile queues behind it. */
  private handOver(): void {
    const next = this.waiters.shift();
    if (!next) this.held = false;
    else if (this.sliceSpent()) setImmediate(next);
    else next();
  }
}

class PgliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PgliteConnection;
  private readonly releases = new Map<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await this.pglite.query(parts.join(' '));
  }

  async commitTransaction(): Promise<void> {
    await this.pglite.query('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.pglite.query('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  /** Closing the database is its owner's job (see connect.ts): it may outlive one Kysely instance. */
  async destroy(): Promise<void> {}
}

export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }

  createQueryCompiler(): PostgresQueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): PostgresAdapter {
    return new PostgresAdapter();
  }

  // Kysely's own Dialect interface types this parameter as Kysely<any>.
  createIntrospector(db: ConstructorParameters<typeof PostgresIntrospector>[0]): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
