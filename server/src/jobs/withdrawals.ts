/**
 * Withdrawals on the chain, in three steps a crash can interrupt anywhere:
 * 0. screen: a withdrawal to a blocklisted destination fails and is refunded, never signed;
 * 1. sign: a `withdrawing` record gets one signed transaction from the hot wallet, stored (with its
 *    id, which the record shows at once) before anything leaves the server — unless it is above its
 *    channel's approval amount and not yet approved, or beyond what the hot wallet holds: then it
 *    waits in `withdrawal_holds` for an operator (`ops withdrawals`);
 * 2. broadcast: stored transactions are sent, and re-sent while unconfirmed (same bytes, same id:
 *    the chain keeps one);
 * 3. follow: a solidified receipt settles it — SUCCESS pays out, REVERT or OUT_OF_ENERGY refunds.
 *    A refund without a receipt needs proof that the transaction can never land: the solidified
 *    head past its expiration by EXPIRY_MARGIN_MS, and the transaction itself absent from the
 *    solidified chain on ABSENT_CHECKS passes in a row. A load-balanced node (TronGrid) may answer
 *    the head and the receipt from backends at different heights, or from one without transaction
 *    history: a landed transfer must never be refunded (the user would be paid twice), so anything
 *    short of that proof waits, and is logged. The TRX the hot wallet burnt is booked as a network fee.
 */
import type { FastifyBaseLogger } from 'fastify';
import { must } from '../../../src/lib/must';
import { type ChainPrices, paymentBurnSun } from '../chain/costs';
import { baseUnits, type ChainGateway, type SignedTransaction } from '../chain/gateway';
import { dec } from '../common/decimal';
import { transact } from '../db/index';
import { DONE } from '../db/literals';
import type { Db } from '../db/schema';
import { recordHotWalletFloat } from '../metrics';
import { post, userFrozen } from '../services/money-moves/ledger';
import { awaitApproval } from '../services/withdrawals/approvals';
import { refundWithdrawal, screenWithdrawals } from '../services/withdrawals/refund';

const BATCH = 50;
/** Re-send an unconfirmed transaction this often (a node may have dropped it). */
const RESEND_MS = 30_000;

/** Why a withdrawal failed, in the words the records screen shows. */
const EXPIRED = 'The network did not include the transfer in time; the amount and fee were refunded';
const REASONS: Record<string, string> = {
  REVERT: 'The network reverted the transfer; the amount and fee were refunded',
  OUT_OF_ENERGY: 'The transfer ran out of energy on the network; the amount and fee were refunded',
  EXPIRED,
};

/** Base units of signed withdrawals the chain has not settled yet, per currency. */
export async function unpaidByCurrency(db: Db): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('chain_withdrawals as c')
    .innerJoin('records as r', 'r.id', 'c.record_id')
    .innerJoin('currencies as cur', 'cur.symbol', 'r.currency')
    .select(['r.currency', 'r.amount', 'cur.precision'])
    .where('c.state', '<>', DONE)
    .execute();
  const unpaid = new Map<string, bigint>();
  for (const r of rows) unpaid.set(r.currency, (unpaid.get(r.currency) ?? 0n) + BigInt(baseUnits(r.amount, r.precision)));
  return unpaid;
}

/**
 * The hot wallet's balance of a currency (base units), read from the chain once per pass and reported
 * as the `tessera_hot_wallet_float` gauge.
 */
function hotWalletFloat(gateway: ChainGateway) {
  const read = new Map<string, Promise<bigint>>();
  return (currency: string) => {
    let units = read.get(currency);
    if (!units) {
      units = gateway.balanceOf(gateway.hotWallet, currency);
      read.set(currency, units);
      units.then((u) => recordHotWalletFloat(currency, Number(u))).catch(() => read.delete(currency));
    }
    return units;
  };
}

/** Step 1: one signed transaction per withdrawing record, stored before it is sent. */
async function signNew(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger): Promise<number> {
  const waiting = await db
    .selectFrom('records as r')
    .leftJoin('chain_withdrawals as c', 'c.record_id', 'r.id')
    .leftJoin('currencies as cur', 'cur.symbol', 'r.currency')
    .leftJoin('withdraw_channels as ch', (j) => j.onRef('ch.currency', '=', 'r.currency').onRef('ch.network', '=', 'r.network'))
    .leftJoin('withdrawal_holds as h', 'h.record_id', 'r.id')
    .select([
      'r.id',
      'r.currency',
      'r.amount',
      'r.to_address',
      'cur.precision',
      'ch.approval_above',
      'h.reason as held',
      'h.decision',
    ])
    .where('r.status', '=', 'withdrawing')
    .where('c.record_id', 'is', null)
    // Never a blocklisted destination, even one that arrived after this pass screened.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('address_blocklist as b').select('b.address').whereRef('b.address', '=', 'r.to_address'))),
    )
    // A record waiting for an operator's decision is not looked at again until it is taken.
    .where((eb) =>
      eb.or([eb('h.record_id', 'is', null), eb('h.reason', '=', 'beyond_hot_wallet'), eb('h.decision', 'is not', null)]),
    )
    // Records that wait for the hot wallet come last, so they never crowd out ones that can be paid.
    .orderBy((eb) => eb('h.reason', 'is not', null))
    .orderBy('r.id')
    .limit(BATCH)
    .execute();
  let signed = 0;
  if (!waiting.length) return signed;
  const unpaid = await unpaidByCurrency(db);
  const float = hotWalletFloat(gateway);
  let prices: ChainPrices | undefined;
  for (const w of waiting) {
    if (w.approval_above !== null && dec(w.amount).gt(w.approval_above) && w.decision !== 'approved') {
      await awaitApproval(db, w.id, 'above_approval_amount');
      continue;
    }
    let tx: SignedTransaction;
    try {
      // The hot wallet must hold it, beyond what signed withdrawals not yet on chain will take; and
      // the TRX the payment burns, as the chain estimates it for this destination.
      const to = must(w.to_address, 'the destination');
      const units = BigInt(baseUnits(w.amount, w.precision ?? 6));
      const free = (await float(w.currency)) - (unpaid.get(w.currency) ?? 0n);
      prices ??= await gateway.prices();
      const burn =
        units > free ? 0n : await paymentBurnSun(gateway, prices, { from: gateway.hotWallet, to, currency: w.currency, units });
      const trxFree = w.currency === 'TRX' ? free - units : (await float('TRX')) - (unpaid.get('TRX') ?? 0n);
      if (units > free || burn > trxFree) {
        if (units <= free) log?.warn({ record: w.id, burnSun: String(burn) }, 'the hot wallet lacks the TRX this payment burns');
        await awaitApproval(db, w.id, 'beyond_hot_wallet');
        continue;
      }
      // Paid as soon as the float allows; an operator's approval stays on record.
      if (w.held === 'beyond_hot_wallet' && w.decision === null)
        await db.deleteFrom('withdrawal_holds').where('record_id', '=', w.id).execute();
      unpaid.set(w.currency, (unpaid.get(w.currency) ?? 0n) + units);
      unpaid.set('TRX', (unpaid.get('TRX') ?? 0n) + burn);
      tx = await gateway.signPayment({ to, currency: w.currency, amount: w.amount, precision: w.precision ?? 6 });
    } catch (err) {
      log?.warn({ err, record: w.id }, 'withdrawal not signed yet');
      continue;
    }
    await transact(db, async (trx) => {
      const stored = await trx
        .insertInto('chain_withdrawals')
        .values({
          record_id: w.id,
          tx_id: tx.txID,
          signed: JSON.stringify(tx),
          expires_at: new Date(tx.raw_data.expiration),
          state: 'signed',
        })
        .onConflict((oc) => oc.column('record_id').doNothing())
        .executeTakeFirst();
      if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 1)
        await trx
          .updateTable('records')
          .set({ tx_id: tx.txID, from_address: gateway.hotWallet, updated_at: new Date() })
          .where('id', '=', w.id)
          .execute();
    });
    signed++;
  }
  return signed;
}

/** Step 2: send what was signed, and re-send what is still unconfirmed. */
async function broadcastOpen(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger) {
  const due = await db
    .selectFrom('chain_withdrawals')
    .select(['record_id', 'signed', 'state', 'broadcast_at'])
    .where('state', '<>', DONE)
    .where((eb) => eb.or([eb('broadcast_at', 'is', null), eb('broadcast_at', '<', new Date(Date.now() - RESEND_MS))]))
    .orderBy('record_id')
    .limit(BATCH)
    .execute();
  for (const row of due) {
    const sent = await gateway.broadcast(JSON.parse(row.signed) as SignedTransaction);
    await db
      .updateTable('chain_withdrawals')
      .set({
        ...(sent.ok ? { state: 'broadcast' as const, last_error: null } : { last_error: `${sent.code}: ${sent.message}` }),
        broadcast_at: new Date(),
        updated_at: new Date(),
      })
      .where('record_id', '=', row.record_id)
      .where('state', '<>', DONE)
      .execute();
    if (!sent.ok) log?.warn({ record: row.record_id, code: sent.code, message: sent.message }, 'withdrawal broadcast refused');
  }
}

/** How far past its expiration the solidified head must be before an absent transaction counts as absent. */
export const EXPIRY_MARGIN_MS = 60_000;
/** Passes in a row that must find an expired transaction absent before it is refunded. */
export const ABSENT_CHECKS = 3;

/**
 * Whether an expired transaction without a receipt is proven absent on this pass: counted in the
 * row, so the proof holds across passes and instances.
 */
async function provenAbsent(db: Db, gateway: ChainGateway, recordId: number, txId: string, log?: FastifyBaseLogger) {
  if (await gateway.inSolidChain(txId)) {
    log?.warn({ recordId, txId }, 'withdrawal is in the solidified chain but its receipt is missing: waiting');
    await db.updateTable('chain_withdrawals').set({ absent_checks: 0 }).where('record_id', '=', recordId).execute();
    return false;
  }
  const row = await db
    .updateTable('chain_withdrawals')
    .set((eb) => ({ absent_checks: eb('absent_checks', '+', 1) }))
    .where('record_id', '=', recordId)
    .where('state', '<>', DONE)
    .returning('absent_checks')
    .executeTakeFirst();
  const checks = row?.absent_checks ?? 0;
  if (checks < ABSENT_CHECKS) log?.info({ recordId, txId, checks }, 'expired withdrawal absent from the chain: checking again');
  return checks >= ABSENT_CHECKS;
}

/** Step 3: settle or refund from solidified receipts; refund what is proven never to land. */
async function followReceipts(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger): Promise<number> {
  const open = await db
    .selectFrom('chain_withdrawals')
    .select(['record_id', 'tx_id', 'expires_at'])
    .where('state', '<>', DONE)
    .orderBy('record_id')
    .limit(BATCH)
    .execute();
  if (!open.length) return 0;
  const head = await gateway.solidHead();
  let finished = 0;
  for (const row of open) {
    const receipt = await gateway.receipt(row.tx_id);
    if (!receipt) {
      const expired = head.timestamp > row.expires_at.getTime() + EXPIRY_MARGIN_MS;
      if (!expired || !(await provenAbsent(db, gateway, row.record_id, row.tx_id, log))) continue;
    }
    await transact(db, async (trx) => {
      const claimed = await trx
        .updateTable('chain_withdrawals')
        .set({
          state: 'done',
          block_number: receipt?.blockNumber ?? null,
          fee_sun: String(receipt?.feeSun ?? 0),
          updated_at: new Date(),
        })
        .where('record_id', '=', row.record_id)
        .where('state', '<>', DONE)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      if (receipt?.feeSun) {
        // The hot wallet's TRX burnt for bandwidth and energy: it left the chain holdings as a cost.
        const burnt = dec(receipt.feeSun).div(1_000_000);
        await post(trx, `network-fee:${row.tx_id}`, 'TRX', [
          ['system:chain', burnt],
          ['system:network-fees', burnt.neg()],
        ]);
      }
      if (receipt?.result === 'SUCCESS') {
        const r = await trx
          .updateTable('records')
          .set({ status: 'success', updated_at: new Date() })
          .where('id', '=', row.record_id)
          .where('status', '=', 'withdrawing')
          .returningAll()
          .executeTakeFirst();
        if (r)
          await post(trx, `withdraw-settle:${r.id}`, r.currency, [
            [userFrozen(r.user_id), dec(r.amount).plus(r.fee).neg()],
            ['system:chain', r.amount],
            ['system:fees', r.fee],
          ]);
      } else {
        const why = receipt
          ? (REASONS[receipt.result] ?? `The network refused the transfer (${receipt.result}); the amount and fee were refunded`)
          : EXPIRED;
        await refundWithdrawal(trx, row.record_id, why);
      }
    });
    finished++;
  }
  return finished;
}

/** One pass of the three steps. */
export async function processWithdrawals(db: Db, gateway: ChainGateway, log?: FastifyBaseLogger): Promise<void> {
  await screenWithdrawals(db);
  const signed = await signNew(db, gateway, log);
  await broadcastOpen(db, gateway, log);
  const finished = await followReceipts(db, gateway, log);
  if (signed || finished) log?.info({ signed, finished }, 'withdrawals processed');
}
