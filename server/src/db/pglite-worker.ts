/**
 * The embedded database's own thread: PGlite runs its queries synchronously inside WebAssembly, so
 * on the server's thread every query would stop HTTP parsing, timers and everything else until it
 * finished. Here it owns one PGlite and answers the messages of `PGliteInWorker`, in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { must } from '../../../src/lib/must';
import type { Notification, Reply, Request } from './pglite-in-worker';
import { PreparedPGlite } from './pglite-statements';

const port = must(parentPort, 'the parent thread (this file runs as a worker)');
const send = (reply: Reply | Notification) => port.postMessage(reply);

/** PGlite's DatabaseError carries SQLSTATE, detail, constraint… as own fields: keep them all. */
function plain(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  const fields: Record<string, unknown> = { name: e.name, message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return fields;
}

try {
  const pg = new PreparedPGlite(await PGlite.create((workerData as { dataDir: string }).dataDir));
  // Only channels the server LISTENs to arrive here (live updates): pass each one on.
  pg.onNotification((channel, payload) => send({ notify: { channel, payload } }));
  port.on('message', async (m: Request) => {
    try {
      if (m.kind === 'query') {
        const r = await pg.query(m.sql, m.params);
        send({ id: m.id, rows: r.rows, affectedRows: r.affectedRows });
      } else if (m.kind === 'exec') {
        const all = await pg.exec(m.sql);
        send({ id: m.id, rows: all[all.length - 1]?.rows ?? [] });
      } else {
        await pg.close();
        send({ id: m.id, rows: [] });
        port.close();
      }
    } catch (e) {
      send({ id: m.id, error: plain(e) });
    }
  });
  send({ id: 0, rows: [] });
} catch (e) {
  send({ id: 0, error: plain(e) });
}
