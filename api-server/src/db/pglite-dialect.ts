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

/** First come, first served: each waiter gets the connection when the previous holder releases it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => held);
    await previous;
    return release;
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
