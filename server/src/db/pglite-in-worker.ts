/**
 * PGlite on a worker thread (`pglite-worker.ts`), seen from the server's thread: the same `query`,
 * `exec` and `close` the Kysely dialect uses on an in-process PGlite. Rows cross the thread boundary
 * by structured clone, which keeps what PGlite parsed (Date, bigint, Uint8Array) as it was.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-thread';

type Call = { kind: 'query'; sql: string; params: unknown[] } | { kind: 'exec'; sql: string } | { kind: 'close' };
export type Request = Call & { id: number };

export type Reply =
  | { id: number; rows: unknown[]; affectedRows?: number | undefined; error?: undefined }
  | { id: number; error: Record<string, unknown> };

/** A NOTIFY the database thread received on a channel this session LISTENs to. */
export type Notification = { notify: { channel: string; payload: string } };

export type NotificationListener = (channel: string, payload: string) => void;

/** What the dialect needs of PGlite: both an in-process PGlite and `PGliteInWorker` provide it. */
export interface PGliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number | undefined }>;
  exec(sql: string): Promise<Array<{ rows: unknown[] }>>;
  close(): Promise<void>;
  /** Every NOTIFY delivered to the session (after a LISTEN sent like any other statement). */
  onNotification(listener: NotificationListener): () => void;
}

type Pending = { resolve: (r: Reply & { error?: undefined }) => void; reject: (e: Error) => void };

/** An Error as PGlite threw it in the worker: message, SQLSTATE `code`, detail, constraint… */
function revive(fields: Record<string, unknown>): Error {
  const e = new Error(String(fields.message ?? 'database error'));
  Object.assign(e, fields);
  return e;
}

export class PGliteInWorker implements PGliteLike {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private readonly notificationListeners = new Set<NotificationListener>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (r: Reply | Notification) => {
      if ('notify' in r) {
        for (const listener of this.notificationListeners) listener(r.notify.channel, r.notify.payload);
        return;
      }
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.error) p.reject(revive(r.error));
      else p.resolve(r);
    });
    const fail = (e: Error) => {
      this.failure = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir`; rejects when PGlite cannot open it. */
  static async open(dataDir: string): Promise<PGliteInWorker> {
    const client = new PGliteInWorker(startWorker('pglite-worker', import.meta.url, { workerData: { dataDir } }));
    try {
      await new Promise<Reply>((resolve, reject) => client.pending.set(0, { resolve, reject }));
    } catch (e) {
      await client.worker.terminate();
      throw e;
    }
    return client;
  }

  private call(request: Call): Promise<Reply & { error?: undefined }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async query<R>(sql: string, params: unknown[] = []) {
    const r = await this.call({ kind: 'query', sql, params });
    return { rows: r.rows as R[], affectedRows: r.affectedRows };
  }

  async exec(sql: string) {
    const r = await this.call({ kind: 'exec', sql });
    return [{ rows: r.rows }];
  }

  onNotification(listener: NotificationListener) {
    this.notificationListeners.add(listener);
    return () => {
      this.notificationListeners.delete(listener);
    };
  }

  async close() {
    if (!this.failure) await this.call({ kind: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
