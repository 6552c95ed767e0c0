/**
 * The reconciliation of the books with the chain, as the server's job runs it every ten minutes, at
 * full size: it re-reads only the addresses something happened to since the run before (here, those
 * the watcher's first blocks credited or show as confirming), so its statements are checked like the
 * watcher's.
 * The bench's own server does not run it on its timer (bench-scale.ts): a run that fell inside the
 * reads would be timed with them.
 */
import { openDb } from '../../../server/src/db/index.ts';
import { reconcile } from '../../../server/src/services/custody/reconcile.ts';
import { generatedChain } from './watcher.ts';

export async function runReconciliation(databaseUrl: string, users: number): Promise<{ ms: number; addressesRead: number }> {
  const db = await openDb({ databaseUrl });
  try {
    const started = performance.now();
    const r = await reconcile(db, generatedChain(users, { solid: 0 }));
    return { ms: performance.now() - started, addressesRead: r.addressesRead };
  } finally {
    await db.destroy();
  }
}
