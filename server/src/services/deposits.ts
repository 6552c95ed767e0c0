/** Deposit addresses and credited recharges (the first one activates the account and grants the gift). */
import { transact } from '../db/index';
import type { Db, Q } from '../db/schema';
import { dec, str } from './decimal';
import { ErrorCode, fail } from './errors';
import { addressFor, depositAddressOf } from './keys';
import { post, userAvailable } from './ledger';
import { randomTxId } from './money';
import { toRecord } from './records';
import { GIFT_AMOUNT, TSR } from './reference';

export async function depositAddress(db: Q, userId: number, currency: string, network: string) {
  const c = await db.selectFrom('currencies').selectAll().where('symbol', '=', currency).executeTakeFirst();
  if (!c || c.network !== network) fail(ErrorCode.NOT_FOUND, 'This currency or network is not supported');
  const address = depositAddressOf(userId, currency, network);
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, currency, network, address })
    .onConflict((oc) => oc.columns(['user_id', 'currency', 'network']).doNothing())
    .execute();
  const ch = await db.selectFrom('withdraw_channels').select('min_amount').where('currency', '=', currency).executeTakeFirst();
  const minDeposit = currency === 'USDT' ? '1' : ch ? str(dec(ch.min_amount).div(10)) : '1';
  return { currency, network, address, minDeposit };
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
  return row!.id;
}

/** Credits a confirmed recharge; activates on the first one and grants the new-user gift. */
export async function creditRecharge(db: Db, userId: number, currency: string, amount: string) {
  if (!/^\d{1,30}(\.\d{1,18})?$/.test(amount) || dec(amount).lte(0))
    fail(ErrorCode.BAD_REQUEST, 'amount must be a positive decimal');
  return transact(db, async (trx) => {
    const c = await trx.selectFrom('currencies').selectAll().where('symbol', '=', currency).executeTakeFirst();
    if (!c) fail(ErrorCode.NOT_FOUND, `unknown currency ${currency}`);
    const to = (await depositAddress(trx, userId, currency, c!.network)).address;
    const rec = await trx
      .insertInto('records')
      .values({
        user_id: userId,
        type: 'deposit',
        direction: 'in',
        status: 'success',
        currency,
        network: c!.network,
        amount: str(amount),
        from_address: addressFor(`external/${randomTxId()}`),
        to_address: to,
        tx_id: randomTxId(),
        reason: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await post(trx, `deposit:${rec.id}`, currency, [
      ['system:chain', dec(amount).neg()],
      [userAvailable(userId), dec(amount)],
    ]);
    const activated = await trx
      .updateTable('users')
      .set({ activated: true })
      .where('id', '=', userId)
      .where('activated', '=', false)
      .executeTakeFirst();
    let gift = null;
    if (Number(activated.numUpdatedRows) === 1) {
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
