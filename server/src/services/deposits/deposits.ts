/**
 * Deposit addresses and credited deposits (the first one of at least the minimum activates the
 * account and grants the gift). A deposit is always a transfer seen on the chain: its transaction id and event index are
 * recorded, so the same transfer is never credited twice.
 */

import { sql } from 'kysely';
import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import { transact } from '../../db/index';
import type { Db, Q } from '../../db/schema';
import { post, userAvailable } from '../money-moves/ledger';
import { GIFT_AMOUNT, TSR } from '../platform/reference';
import { toRecord } from '../wallet/records';

/**
 * The user's deposit address on a network. TRX and every TRC-20 token live at the same TRON account,
 * so one address receives them all: the user's built-in wallet address, the one Home shows too.
 * (Addresses that older versions gave out per coin stay in deposit_addresses and stay watched.)
 */
export async function depositAddress(db: Q, userId: number, currency: string, network: string) {
  const c = await db.selectFrom('currencies').selectAll().where('symbol', '=', currency).executeTakeFirst();
  if (!c || c.network !== network) fail(ErrorCode.NOT_FOUND, 'This currency or network is not supported');
  const wallet = await db
    .selectFrom('wallets')
    .select('address')
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  if (!wallet) return fail(ErrorCode.NOT_FOUND, 'This account has no address on this network');
  return { currency, network, address: wallet.address, minDeposit: await minimumDeposit(db, currency) };
}

/**
 * The smallest deposit of `currency` that counts (shown beside every deposit address): less is
 * credited, since it is the user's money, but it neither activates the account nor earns the
 * new-user gift — dust sent to fresh accounts must not farm the gift.
 */
export async function minimumDeposit(db: Q, currency: string): Promise<string> {
  if (currency === 'USDT') return '1';
  const ch = await db.selectFrom('withdraw_channels').select('min_amount').where('currency', '=', currency).executeTakeFirst();
  return ch ? str(dec(ch.min_amount).div(10)) : '1';
}

/** Finds a user by id, "+<area> <phone>", "<area>:<phone>" or e-mail. */
export async function findUserId(db: Q, account: string): Promise<number> {
  let q = db.selectFrom('users').select('id');
  const phone = /^\+?(\d{1,4})[ :](\d{4,15})$/.exec(account.trim());
  if (/^\d{1,9}$/.test(account)) q = q.where('id', '=', Number(account));
  else if (phone) q = q.where('account_key', '=', `phone:${phone[1]}:${phone[2]}`);
  else q = q.where('account_key', '=', `email:${account.trim().toLowerCase()}`);
  const row = await q.executeTakeFirst();
  if (!row) fail(ErrorCode.ACCOUNT_NOT_FOUND, `no account ${account}`);
  return row.id;
}

/** Where a deposit came from on the chain. `eventIndex`: -1 for a TRX transfer, else the TRC-20 log's index. */
export interface ChainTransfer {
  txId: string;
  eventIndex: number;
  from: string;
  /** The deposit address it reached (default: the user's address for this currency). */
  to?: string;
}

/**
 * Credits a confirmed deposit once per chain transfer (null when it was credited already); the
 * first one of at least the minimum (`minimumDeposit`) activates the account and grants the gift.
 */
export async function creditDeposit(db: Db, userId: number, currency: string, amount: string, source: ChainTransfer) {
  if (!/^\d{1,30}(\.\d{1,18})?$/.test(amount) || dec(amount).lte(0))
    fail(ErrorCode.BAD_REQUEST, 'amount must be a positive decimal');
  return transact(db, async (trx) => {
    const c = await trx.selectFrom('currencies').selectAll().where('symbol', '=', currency).executeTakeFirst();
    if (!c) fail(ErrorCode.NOT_FOUND, `unknown currency ${currency}`);
    const claimed = await trx
      .insertInto('chain_deposits')
      .values({ tx_id: source.txId, event_index: source.eventIndex, record_id: null })
      .onConflict((oc) => oc.columns(['tx_id', 'event_index']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    const to = source.to ?? (await depositAddress(trx, userId, currency, c.network)).address;
    // Shown while confirming (jobs/pending-deposits.ts): that record becomes the credited one.
    const pending = await trx
      .deleteFrom('pending_deposits')
      .where('tx_id', '=', source.txId)
      .where('event_index', '=', source.eventIndex)
      .returning('record_id')
      .executeTakeFirst();
    const confirmed = pending
      ? await trx
          .updateTable('records')
          .set({
            status: 'success',
            amount: str(amount),
            confirmations: null,
            confirmations_needed: null,
            updated_at: new Date(),
          })
          .where('id', '=', pending.record_id)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst()
      : undefined;
    const rec =
      confirmed ??
      (await trx
        .insertInto('records')
        .values({
          user_id: userId,
          type: 'deposit',
          direction: 'in',
          status: 'success',
          currency,
          network: c.network,
          amount: str(amount),
          from_address: source.from,
          to_address: to,
          tx_id: source.txId,
          reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow());
    // The sweep planner looks at this address again (jobs/sweeps.ts).
    await trx
      .insertInto('sweep_due')
      .values({ address: to, through_record_id: rec.id })
      .onConflict((oc) =>
        oc
          .column('address')
          .doUpdateSet({ through_record_id: sql`greatest(sweep_due.through_record_id, excluded.through_record_id)` }),
      )
      .execute();
    await trx
      .updateTable('chain_deposits')
      .set({ record_id: rec.id })
      .where('tx_id', '=', source.txId)
      .where('event_index', '=', source.eventIndex)
      .execute();
    await post(trx, `deposit:${rec.id}`, currency, [
      ['system:chain', dec(amount).neg()],
      [userAvailable(userId), dec(amount)],
    ]);
    const activates = dec(amount).gte(await minimumDeposit(trx, currency));
    const activated = activates
      ? await trx
          .updateTable('users')
          .set({ activated: true })
          .where('id', '=', userId)
          .where('activated', '=', false)
          .executeTakeFirst()
      : undefined;
    let gift = null;
    if (Number(activated?.numUpdatedRows ?? 0) === 1) {
      const g = await trx
        .insertInto('records')
        .values({
          user_id: userId,
          type: 'activation',
          direction: 'in',
          status: 'success',
          currency: TSR,
          network: 'TRC20',
          amount: GIFT_AMOUNT,
          from_address: null,
          to_address: to,
          tx_id: null,
          reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await post(trx, `activation:${g.id}`, TSR, [
        ['system:gift', dec(GIFT_AMOUNT).neg()],
        [userAvailable(userId), GIFT_AMOUNT],
      ]);
      gift = toRecord(g);
    }
    return { record: toRecord(rec), gift };
  });
}
