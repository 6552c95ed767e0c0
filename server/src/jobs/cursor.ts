/** The block cursors the chain watchers keep in `chain_cursors`, moved one block at a time. */
import type { Q } from '../db/schema';

/** Thrown when another instance moved a cursor first: the caller's transaction is undone. */
export class CursorMoved extends Error {}

/** Moves `name` from block `n - 1` to `n`, inside the transaction that did block `n`'s work. */
export async function advanceCursor(trx: Q, name: string, n: number): Promise<void> {
  const moved = await trx
    .updateTable('chain_cursors')
    .set({ block_number: n, updated_at: new Date() })
    .where('name', '=', name)
    .where('block_number', '=', String(n - 1))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new CursorMoved();
}
