/**
 * The moves between the server's own addresses (sweeps, top-ups, moves to cold storage), once signed:
 * stored before they are sent (`chain_sweeps`), sent and sent again until the chain has them, and
 * followed to the chain's verdict. A move that reached the chain and failed there burnt TRX, so its
 * address is held (sweep-holds.ts) instead of being tried again on every pass; what every move burnt
 * goes to the ledger (chain → network fees).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChainGateway, SignedTransaction } from '../chain/gateway';
import { dec } from '../common/decimal';
import { transact } from '../db/index';
import { DONE } from '../db/literals';
import type { Db } from '../db/schema';
import { holdSweeps } from '../services/deposits/sweep-holds';
import { post } from '../services/money-moves/ledger';

const RESEND_MS = 30_000;

export async function storeMove(
  db: Db,
  kind: 'topup' | 'sweep' | 'cold',
  address: string,
  currency: string,
  amount: string,
  tx: SignedTransaction,
) {
  await db
    .insertInto('chain_sweeps')
    .values({
      kind,
      address,
      currency,
      amount,
      tx_id: tx.txID,
      signed: JSON.stringify(tx),
      expires_at: new Date(tx.raw_data.expiration),
      state: 'signed',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function sendMoves(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger) {
  const due = await db
    .selectFrom('chain_sweeps')
    .select(['id', 'signed'])
    .where('state', '<>', DONE)
    .where((eb) => eb.or([eb('broadcast_at', 'is', null), eb('broadcast_at', '<', new Date(Date.now() - RESEND_MS))]))
    .execute();
  for (const row of due) {
    const sent = await gateway.broadcast(JSON.parse(row.signed) as SignedTransaction);
    await db
      .updateTable('chain_sweeps')
      .set({
        ...(sent.ok ? { state: 'broadcast' as const, last_error: null } : { last_error: `${sent.code}: ${sent.message}` }),
        broadcast_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('state', '<>', DONE)
      .execute();
    if (!sent.ok) log?.warn({ sweep: row.id, code: sent.code }, 'sweep broadcast refused');
  }
}

export async function followMoves(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger): Promise<number> {
  const open = await db
    .selectFrom('chain_sweeps')
    .select(['id', 'kind', 'address', 'tx_id', 'expires_at'])
    .where('state', '<>', DONE)
    .execute();
  if (!open.length) return 0;
  const head = await gateway.solidHead();
  let finished = 0;
  for (const row of open) {
    const receipt = await gateway.receipt(row.tx_id);
    if (!receipt && head.timestamp <= row.expires_at.getTime()) continue;
    await transact(db, async (trx) => {
      const claimed = await trx
        .updateTable('chain_sweeps')
        .set({
          state: 'done',
          result: receipt?.result ?? 'EXPIRED',
          block_number: receipt?.blockNumber ?? null,
          fee_sun: String(receipt?.feeSun ?? 0),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .where('state', '<>', DONE)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      if (row.kind !== 'topup' && receipt && receipt.result !== 'SUCCESS') {
        await holdSweeps(trx, row.address, receipt.result, row.tx_id);
        log?.warn({ address: row.address, txId: row.tx_id, result: receipt.result }, 'sweep failed on the chain: address held');
      }
      if (!receipt?.feeSun) return;
      const burnt = dec(receipt.feeSun).div(1_000_000);
      await post(trx, `network-fee:${row.tx_id}`, 'TRX', [
        ['system:chain', burnt],
        ['system:network-fees', burnt.neg()],
      ]);
    });
    finished++;
  }
  return finished;
}
