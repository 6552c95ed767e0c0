/**
 * A Kysely dialect over PGlite's single connection, in process (tests) or on its own thread
 * (`PGliteInWorker`, the server). PGlite runs statements one after another on one session, so:
 * - a transaction owns that session from BEGIN to its end: it takes the gate exclusively, waiting
 *   for statements already sent and holding back new ones;
 * - statements outside a transaction share the gate: many are sent at once and PGlite runs them in
 *   order, so its thread never idles while an answer travels back and the next request is prepared.
 */
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
import type { PGliteLike } from './pglite-in-worker';

type Release = () => void;

/** A read-write gate, first come first served: a waiting transaction holds back later statements. */
export class StatementGate {
  private sharing = 0;
  private exclusive = false;
  private readonly waiting: Array<{ exclusive: boolean; grant: (release: Release) => void }> = [];

  shared(): Promise<Release> {
    return this.enter(false);
  }

  owned(): Promise<Release> {
    return this.enter(true);
  }

  private enter(exclusive: boolean): Promise<Release> {
    return new Promise((grant) => {
      this.waiting.push({ exclusive, grant });
      this.admit();
    });
  }

  private admit() {
    while (this.waiting.length > 0 && !this.exclusive) {
      const next = this.waiting[0];
      if (!next || (next.exclusive && this.sharing > 0)) return;
      this.waiting.shift();
      let released = false;
      if (next.exclusive) {
        this.exclusive = true;
        next.grant(() => {
          if (released) return;
          released = true;
          this.exclusive = false;
          this.admit();
        });
      } else {
        this.sharing++;
        next.grant(() => {
          if (released) return;
          released = true;
          this.sharing--;
          this.admit();
        });
      }
    }
  }
}

const RAW = (sql: string) => ({ sql, parameters: [], query: { kind: 'RawNode' } }) as unknown as CompiledQuery;

class PGliteConnection implements DatabaseConnection {
  /** Set while this connection runs a transaction: its statements go straight to PGlite. */
  ownership: Release | null = null;

  constructor(
    private readonly pg: PGliteLike,
    private readonly gate: StatementGate,
  ) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (this.ownership) return this.run<R>(q);
    const release = await this.gate.shared();
    try {
      return await this.run<R>(q);
    } finally {
      release();
    }
  }

  private async run<R>(q: CompiledQuery): Promise<QueryResult<R>> {
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
  private readonly gate = new StatementGate();
  constructor(private readonly pg: PGliteLike) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pg, this.gate);
  }
  async beginTransaction(c: DatabaseConnection) {
    const conn = c as PGliteConnection;
    conn.ownership = await this.gate.owned();
    await conn.executeQuery(RAW('BEGIN'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(RAW('COMMIT'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(RAW('ROLLBACK'));
  }
  /** Kysely releases after COMMIT or ROLLBACK, also when either failed: the session is free again. */
  async releaseConnection(c: DatabaseConnection) {
    const conn = c as PGliteConnection;
    conn.ownership?.();
    conn.ownership = null;
  }
  async destroy() {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGliteLike) {}
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
