/**
 * The deposit watcher: follows the solidified chain block by block from a stored cursor and credits
 * every TRX transfer and configured TRC-20 Transfer event that reaches a user's deposit address —
 * each once (its transaction id and event index are the key), only once solidified, and in the same
 * database transaction that moves the cursor, so a restart resumes exactly where it stopped. Every
 * deposit address a user was ever given stays watched: the built-in wallet address (one per user per
 * network, for TRX and every token) and the per-coin addresses older versions handed out. The first run starts at the current
 * solidified block: history before it is not scanned.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChainGateway } from '../chain/gateway';
import { dec } from '../common/decimal';
import { transact } from '../db/index';
import type { Db } from '../db/schema';
import { creditDeposit } from '../services/deposits/deposits';
import { advanceCursor, CursorMoved } from './cursor';
import { followPendingDeposits } from './pending-deposits';

const CURSOR = 'deposits';
/** Blocks read per run, so one run stays short after a long pause. */
const MAX_BLOCKS = 200;

export async function watchDeposits(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger): Promise<number> {
  const head = await gateway.solidHead();
  const cursor = await db.selectFrom('chain_cursors').select('block_number').where('name', '=', CURSOR).executeTakeFirst();
  if (!cursor) {
    await db
      .insertInto('chain_cursors')
      .values({ name: CURSOR, block_number: head.number })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return 0;
  }
  let credited = 0;
  let done = Number(cursor.block_number);
  const from = done + 1;
  for (let n = from; n <= head.number && n < from + MAX_BLOCKS; n++) {
    const transfers = (await gateway.transfersIn(n)).filter((t) => t.units > 0n && t.from !== gateway.hotWallet);
    const owners = transfers.length ? await ownersOf(db, [...new Set(transfers.map((t) => t.to))]) : [];
    const ownerOf = new Map(owners.map((o) => [o.address, o.user_id]));
    const precisions = new Map(
      (await db.selectFrom('currencies').select(['symbol', 'precision']).execute()).map((c) => [c.symbol, c.precision]),
    );
    await transact(db, async (trx) => {
      for (const t of transfers) {
        const userId = ownerOf.get(t.to);
        const precision = precisions.get(t.currency);
        if (userId === undefined || precision === undefined) continue;
        const amount = dec(t.units.toString()).div(dec(10).pow(precision)).toFixed();
        const r = await creditDeposit(trx, userId, t.currency, amount, {
          txId: t.txId,
          eventIndex: t.eventIndex,
          from: t.from,
          to: t.to,
        });
        if (r) credited++;
      }
      // Another instance moved the cursor first: this block's work is undone, and the loop stops.
      await advanceCursor(trx, CURSOR, n);
    })
      .then(() => {
        done = n;
      })
      .catch((e: unknown) => {
        if (e instanceof CursorMoved) n = Number.POSITIVE_INFINITY;
        else throw e;
      });
  }
  const shown = await followPendingDeposits(db, gateway, done, head.number, (addresses) => ownersOf(db, addresses));
  if (credited || shown) log?.info({ credited, shown }, 'deposits credited, and shown while confirming');
  return credited;
}

/** Which user each address belongs to: built-in wallet addresses, and every per-coin address ever given out. */
function ownersOf(db: Db, addresses: string[]) {
  return db
    .selectFrom('wallets')
    .select(['address', 'user_id'])
    .where('is_primary', '=', true)
    .where('address', 'in', addresses)
    .union(db.selectFrom('deposit_addresses').select(['address', 'user_id']).where('address', 'in', addresses))
    .execute();
}
