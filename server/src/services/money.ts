import { type NotNull, sql } from 'kysely';
import { str } from '../common/decimal';
import { ErrorCode, fail } from '../common/errors';
import type { Q } from '../db/schema';
import type { HeldAttempt } from './held-attempt';
import { guard, userSecretLimits } from './lockout';
import { verifyPassword } from './passwords';
import type { ChannelRow } from './withdraw';

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
    ...toChannel(c),
    contractAddress: c.contract_address,
    description: c.description,
    arrivalMinutes: c.arrival_minutes,
  };
}

/**
 * The trade password, checked under the user's trade-password limits (shared with the change form):
 * on the `attempt` a money move holds, or on an attempt of its own.
 */
export async function checkTradePassword(
  db: Q,
  user: { id: number; trade_password_hash: string | null },
  pw: string,
  attempt?: HeldAttempt,
) {
  const hash = user.trade_password_hash;
  if (hash === null) fail(ErrorCode.TRADE_PASSWORD_NOT_SET, 'Set a trade password first');
  const verify = () => verifyPassword(hash, pw);
  const wrong = { code: ErrorCode.TRADE_PASSWORD_WRONG, msg: 'The trade password is wrong' };
  if (attempt) await attempt.check(db, verify, wrong);
  else await guard(db, userSecretLimits('trade', user.id), verify, wrong);
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
    .$narrowType<{ to_address: NotNull }>()
    .execute();
  return rows.map((r) => ({
    id: String(r.first_id),
    address: r.to_address,
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
  if (w.is_primary) fail(ErrorCode.FORBIDDEN, 'The built-in wallet cannot be removed');
  await db.deleteFrom('wallets').where('id', '=', w.id).execute();
  return null;
}
