/**
 * Deposits before they count: the watcher also reads the blocks the full node has that are not yet
 * solidified and shows each transfer to a user's deposit address as a `confirming` record, with its
 * confirmations so far. Nothing is credited here: the credit happens once, from the solidified block
 * (jobs/deposits.ts), and turns this same record into a success. A transfer that never solidifies (a
 * fork dropped it) loses its record once the solidified chain has passed its block.
 */
import { sql } from 'kysely';
import type { ChainGateway, SeenTransfer } from '../chain/gateway';
import { dec } from '../common/decimal';
import { transact } from '../db/index';
import type { Db, Q } from '../db/schema';
import { advanceCursor, CursorMoved } from './cursor';

const CURSOR = 'deposits-pending';
/** Never read further back than this many blocks (TRON solidifies after about 20). */
const WINDOW = 100;

/**
 * Records transfers in blocks after `solidDone` (the last solidified block the watcher has credited),
 * refreshes every pending record's confirmations, and drops pending records whose block is solidified
 * without them. Returns how many transfers it started showing.
 */
export async function followPendingDeposits(
  db: Db,
  gateway: ChainGateway,
  solidDone: number,
  solidHead: number,
  ownersOf: (addresses: string[]) => Promise<Array<{ address: string; user_id: number }>>,
): Promise<number> {
  const head = await gateway.head();
  // Start after the cursor, never at or before what is solidified and credited, never further back
  // than the window.
  const start = Math.max(solidDone, head.number - WINDOW);
  const cursor = await db
    .insertInto('chain_cursors')
    .values({ name: CURSOR, block_number: start })
    .onConflict((oc) => oc.column('name').doUpdateSet({ block_number: sql`greatest(chain_cursors.block_number, ${start})` }))
    .returning('block_number')
    .executeTakeFirstOrThrow();
  let done = Number(cursor.block_number);
  let shown = 0;
  const precisions = new Map(
    (await db.selectFrom('currencies').select(['symbol', 'precision']).execute()).map((c) => [c.symbol, c.precision]),
  );
  for (let n = done + 1; n <= head.number; n++) {
    const transfers = (await gateway.transfersIn(n, false)).filter((t) => t.units > 0n && t.from !== gateway.hotWallet);
    const owners = transfers.length ? await ownersOf([...new Set(transfers.map((t) => t.to))]) : [];
    const ownerOf = new Map(owners.map((o) => [o.address, o.user_id]));
    try {
      shown += await transact(db, async (trx) => {
        let added = 0;
        for (const t of transfers) {
          const userId = ownerOf.get(t.to);
          const precision = precisions.get(t.currency);
          if (userId === undefined || precision === undefined) continue;
          if (await known(trx, t)) continue;
          const rec = await trx
            .insertInto('records')
            .values({
              user_id: userId,
              type: 'deposit',
              direction: 'in',
              status: 'confirming',
              currency: t.currency,
              network: 'TRC20',
              amount: dec(t.units.toString()).div(dec(10).pow(precision)).toFixed(),
              from_address: t.from,
              to_address: t.to,
              tx_id: t.txId,
              reason: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('pending_deposits')
            .values({ tx_id: t.txId, event_index: t.eventIndex, record_id: rec.id, block_number: n })
            .execute();
          added++;
        }
        // Another instance read this block first: undone, and the rest is left to it.
        await advanceCursor(trx, CURSOR, n);
        return added;
      });
    } catch (e) {
      if (e instanceof CursorMoved) break;
      throw e;
    }
    done = n;
  }
  await refresh(db, head.number, solidHead, solidDone);
  return shown;
}

/** Already shown as pending, or already credited. */
async function known(trx: Q, t: SeenTransfer) {
  const row = await trx
    .selectFrom('pending_deposits')
    .select('tx_id')
    .where('tx_id', '=', t.txId)
    .where('event_index', '=', t.eventIndex)
    .union(trx.selectFrom('chain_deposits').select('tx_id').where('tx_id', '=', t.txId).where('event_index', '=', t.eventIndex))
    .executeTakeFirst();
  return row !== undefined;
}

/** Confirmations of everything still pending, in one statement; a dropped transfer's record goes. */
async function refresh(db: Db, head: number, solidHead: number, solidDone: number) {
  const needed = Math.max(1, head - solidHead + 1);
  const seen = sql<number>`least(${needed}, ${head} - p.block_number + 1)::integer`;
  await transact(db, async (trx) => {
    const dropped = await trx
      .deleteFrom('pending_deposits')
      .where('block_number', '<=', String(solidDone))
      .returning('record_id')
      .execute();
    if (dropped.length)
      await trx
        .deleteFrom('records')
        .where(
          'id',
          'in',
          dropped.map((d) => d.record_id),
        )
        .where('status', '=', 'confirming')
        .execute();
    await trx
      .updateTable('records')
      .from('pending_deposits as p')
      .set({ confirmations: seen, confirmations_needed: needed })
      .whereRef('records.id', '=', 'p.record_id')
      .where(sql<boolean>`(records.confirmations, records.confirmations_needed) is distinct from (${seen}, ${needed})`)
      .execute();
  });
}
