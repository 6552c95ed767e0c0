import { sql } from 'kysely';
import { isValidTronAddress } from '../../../src/lib/tron/index';
import type { WebAuthnConfig } from '../config';
import type { Db, Q } from '../db/schema';
import { requireAllowlisted } from './contacts';
import { dec, decimalsOf, str } from './decimal';
import { refuseLosingDestination } from './destinations';
import { ErrorCode, fail } from './errors';
import { moveOnce } from './idempotency';
import { post, userAvailable, userFrozen } from './ledger';
import { guard, userSecretLimits } from './lockout';
import { confirmTransfer } from './passkey-transfers';
import { verifyPassword } from './passwords';
import { toRecord } from './records';
import { refuseWhilePaused } from './security-recovery';
import { getUser, requireGoogle } from './users';

type ChannelRow = {
  id: string;
  currency: string;
  network: string;
  min_amount: string;
  max_amount: string;
  fee: string;
  precision: number;
  enabled: boolean;
};

const toChannel = (c: ChannelRow) => ({
  id: c.id,
  virtualCurrencyName: c.currency,
  network: c.network,
  minAmount: str(c.min_amount),
  maxAmount: str(c.max_amount),
  fee: str(c.fee),
  precision: c.precision,
  enabled: c.enabled,
});

export async function channels(db: Q) {
  const rows = await db.selectFrom('withdraw_channels').selectAll().orderBy('id').execute();
  return rows.map(toChannel);
}

export async function channelDetail(db: Q, id: string) {
  const c = await db
    .selectFrom('withdraw_channels as w')
    .innerJoin('currencies as c', 'c.symbol', 'w.currency')
    .selectAll('w')
    .select('c.contract_address')
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!c) fail(ErrorCode.NOT_FOUND, 'No such channel');
  return {
    ...toChannel(c!),
    contractAddress: c!.contract_address,
    description: c!.description,
    arrivalMinutes: c!.arrival_minutes,
  };
}

/** Trade password check, under the user's trade-password limits (shared with the change form). */
export async function checkTradePassword(db: Q, user: { id: number; trade_password_hash: string | null }, pw: string) {
  const hash = user.trade_password_hash;
  if (hash === null) fail(ErrorCode.TRADE_PASSWORD_NOT_SET, 'Set a trade password first');
  await guard(db, userSecretLimits('trade', user.id), () => verifyPassword(hash!, pw), {
    code: ErrorCode.TRADE_PASSWORD_WRONG,
    msg: 'The trade password is wrong',
  });
}

export async function checkTradePasswordOf(db: Q, userId: number, pw: string) {
  await checkTradePassword(db, await getUser(db, userId), pw);
}

export interface WithdrawInput {
  channelId: string;
  address: string;
  amount: string;
  tradePassword: string;
  googleCode?: string | undefined;
  passkey?: { challengeId: string; response: unknown } | undefined;
}

/** Checks that need no lock (and may be slow: argon2, TOTP) run before the transaction. */
export async function withdrawPrechecks(db: Db, userId: number, b: WithdrawInput, key = '', webauthn?: WebAuthnConfig) {
  const c = await db.selectFrom('withdraw_channels').selectAll().where('id', '=', b.channelId).executeTakeFirst();
  if (!c) fail(ErrorCode.NOT_FOUND, 'No such channel');
  const ch = c!;
  if (!ch.enabled) fail(ErrorCode.CHANNEL_DISABLED, 'This channel is temporarily disabled');
  if (decimalsOf(b.amount) > ch.precision) fail(ErrorCode.TOO_MANY_DECIMALS, `At most ${ch.precision} decimal places`);
  const amount = dec(b.amount);
  if (amount.lt(ch.min_amount)) fail(ErrorCode.BELOW_MINIMUM, `The minimum is ${str(ch.min_amount)} ${ch.currency}`);
  if (amount.gt(ch.max_amount)) fail(ErrorCode.ABOVE_MAXIMUM, `The maximum is ${str(ch.max_amount)} ${ch.currency}`);
  if (!isValidTronAddress(b.address)) fail(ErrorCode.INVALID_ADDRESS, 'This is not a valid TRON address');
  await refuseLosingDestination(db, userId, b.address);
  await requireAllowlisted(db, userId, b.address, ch.network);
  const u = await getUser(db, userId);
  if (!u.activated) fail(ErrorCode.NOT_ACTIVATED, 'Activate the account with a first deposit');
  refuseWhilePaused(u);
  await checkTradePassword(db, u, b.tradePassword);
  // The trade password always; then the authenticator's code, or a passkey's approval of this transfer.
  if (b.passkey) await confirmTransfer(db, webauthn, userId, b.passkey, { ...b, idempotencyKey: key });
  else await requireGoogle(db, u, b.googleCode);
  return ch;
}

/** A withdrawal, done once per Idempotency-Key (see moveOnce). */
export function withdraw(db: Db, userId: number, key: string, body: WithdrawInput, webauthn?: WebAuthnConfig) {
  return moveOnce(db, {
    userId,
    scope: 'withdraw',
    key,
    body,
    // A retry returns the stored result once the trade password is proven again (the one-time
    // authenticator code is not: the first attempt used it).
    reprove: () => checkTradePasswordOf(db, userId, body.tradePassword),
    prechecks: () => withdrawPrechecks(db, userId, body, key, webauthn),
    work: (trx, channel) => withdrawLocked(trx, userId, channel, body),
  });
}

/** The locked part: one transaction, the balance row held FOR UPDATE. */
export async function withdrawLocked(trx: Q, userId: number, ch: ChannelRow, b: WithdrawInput) {
  const amount = dec(b.amount);
  const total = amount.plus(ch.fee);
  // A balance that was never credited cannot pay: the row is locked if it exists, never created here.
  const bal = await trx
    .selectFrom('balances')
    .select('available')
    .where('user_id', '=', userId)
    .where('currency', '=', ch.currency)
    .forUpdate()
    .executeTakeFirst();
  if (!bal || dec(bal.available).lt(total)) fail(ErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance (amount plus fee)');
  const rec = await trx
    .insertInto('records')
    .values({
      user_id: userId,
      type: 'withdraw',
      direction: 'out',
      status: 'withdrawing',
      currency: ch.currency,
      network: ch.network,
      amount: str(amount),
      fee: str(ch.fee),
      // The built-in address, read by the insert itself: one round trip less inside the lock.
      from_address: sql<string | null>`(select address from wallets where user_id = ${userId} and is_primary)`,
      to_address: b.address,
      tx_id: null,
      reason: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(trx, `withdraw:${rec.id}`, ch.currency, [
    [userAvailable(userId), total.neg()],
    [userFrozen(userId), total],
  ]);
  return toRecord(rec);
}

export async function addressBook(db: Q, userId: number) {
  const rows = await db
    .selectFrom('records')
    .select([
      'to_address',
      'network',
      sql<number>`min(id)`.as('first_id'),
      sql<string>`count(*)`.as('n'),
      sql<Date>`max(created_at)`.as('last'),
    ])
    .where('user_id', '=', userId)
    .where('type', '=', 'withdraw')
    .where('to_address', 'is not', null)
    .groupBy(['to_address', 'network'])
    .orderBy('last', 'desc')
    .execute();
  return rows.map((r) => ({
    id: String(r.first_id),
    address: r.to_address!,
    network: r.network,
    timesUsed: Number(r.n),
    lastUsedAt: new Date(r.last).toISOString(),
  }));
}

export async function walletCurrencies(db: Q) {
  const rows = await db.selectFrom('currencies').selectAll().orderBy('sort').execute();
  return rows.map((c) => ({
    currency: c.symbol,
    name: c.name,
    network: c.network,
    precision: c.precision,
    contractAddress: c.contract_address,
  }));
}

export async function myWallets(db: Q, userId: number) {
  const rows = await db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((w) => ({
    id: String(w.id),
    name: w.name,
    network: w.network,
    address: w.address,
    primary: w.is_primary,
    createdAt: w.created_at.toISOString(),
  }));
}

export async function removeWallet(db: Q, userId: number, id: string) {
  const w = await db
    .selectFrom('wallets')
    .select(['id', 'is_primary'])
    .where('user_id', '=', userId)
    .where('id', '=', /^\d{1,9}$/.test(id) ? Number(id) : -1)
    .executeTakeFirst();
  if (!w) fail(ErrorCode.NOT_FOUND, 'No such wallet');
  if (w!.is_primary) fail(ErrorCode.FORBIDDEN, 'The built-in wallet cannot be removed');
  await db.deleteFrom('wallets').where('id', '=', w!.id).execute();
  return null;
}
