/**
 * A Kysely dialect over PGlite's single connection. PGlite runs one connection, so a transaction
 * must own it from BEGIN to COMMIT: a promise mutex is held from acquireConnection to
 * releaseConnection, which serialises whole transactions (and single queries between them).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    // Raw SQL without parameters may hold several statements (migrations): simple protocol.
    if (q.parameters.length === 0 && q.query.kind === 'RawNode') {
      const all = await this.pg.exec(q.sql);
      const last = all[all.length - 1];
      return { rows: (last?.rows ?? []) as R[] };
    }
    const res = await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      ...(affected !== undefined && q.query.kind !== 'SelectQueryNode' ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  // biome-ignore lint/correctness/useYield: streaming is not supported by this driver
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly conn: PGliteConnection;
  constructor(private readonly pg: PGlite) {
    this.conn = new PGliteConnection(pg);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // One connection object per acquisition so releases are keyed correctly.
    const c = Object.create(this.conn) as PGliteConnection;
    this.releases.set(c, release);
    return c;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery({ sql: 'BEGIN', parameters: [], query: { kind: 'RawNode' } } as unknown as CompiledQuery);
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery({ sql: 'COMMIT', parameters: [], query: { kind: 'RawNode' } } as unknown as CompiledQuery);
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery({ sql: 'ROLLBACK', parameters: [], query: { kind: 'RawNode' } } as unknown as CompiledQuery);
  }
  async releaseConnection(c: DatabaseConnection) {
    const release = this.releases.get(c);
    this.releases.delete(c);
    release?.();
  }
  async destroy() {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
