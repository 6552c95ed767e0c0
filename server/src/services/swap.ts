/** Flash swap at the configured rate: amount out rounded down to the target precision, atomic. */
import { type Selectable, sql } from 'kysely';
import type { DB, Db, Q } from '../db/schema';
import { dec, decimalsOf, floor, str } from './decimal';
import { ErrorCode, fail } from './errors';
import { moveOnce } from './idempotency';
import { lockBalance, post, userAvailable } from './ledger';
import { checkTradePassword, checkTradePasswordOf } from './money';
import { pageOf, pageWindow } from './paging';
import { getUser } from './users';

type Pair = Selectable<DB['exchange_pairs']>;

const toPair = (p: Pair) => ({
  id: p.id,
  fromCurrency: p.from_currency,
  toCurrency: p.to_currency,
  rate: str(p.rate),
  minAmount: str(p.min_amount),
  maxAmount: str(p.max_amount),
  fromPrecision: p.from_precision,
  toPrecision: p.to_precision,
  enabled: p.enabled,
});

/** `recordId`: the swap's outgoing record, where its details live (swaps made before it was kept: null). */
const toSwap = (s: Selectable<DB['swaps']>, recordId: number | null = null) => ({
  id: String(s.id),
  recordId: recordId === null ? null : String(recordId),
  fromCurrency: s.from_currency,
  toCurrency: s.to_currency,
  fromAmount: str(s.from_amount),
  toAmount: str(s.to_amount),
  rate: str(s.rate),
  status: s.status as 'completed' | 'failed',
  createdAt: s.created_at.toISOString(),
});

export async function pairs(db: Q) {
  return (await db.selectFrom('exchange_pairs').selectAll().orderBy('id').execute()).map(toPair);
}

export async function records(db: Q, userId: number, q: { page: number; pageSize: number }) {
  const base = db.selectFrom('swaps').where('user_id', '=', userId);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('swaps')
    .select((eb) =>
      eb
        .selectFrom('records')
        .select('records.id')
        .where('records.ref', '=', sql<string>`'swap:' || swaps.id`)
        .where('records.direction', '=', 'out')
        .limit(1)
        .as('record_id'),
    )
    .orderBy('id', 'desc')
    .$call(pageWindow(q))
    .execute();
  return pageOf(
    rows.map((r) => toSwap(r, r.record_id ?? null)),
    n,
    q,
  );
}

export interface SwapInput {
  pairId: string;
  amount: string;
  tradePassword: string;
}

export async function swapPrechecks(db: Db, userId: number, b: SwapInput): Promise<Pair> {
  const p = await db.selectFrom('exchange_pairs').selectAll().where('id', '=', b.pairId).executeTakeFirst();
  if (!p) fail(ErrorCode.NOT_FOUND, 'No such pair');
  const pair = p!;
  if (!pair.enabled) fail(ErrorCode.CHANNEL_DISABLED, 'This pair is temporarily disabled');
  if (decimalsOf(b.amount) > pair.from_precision)
    fail(ErrorCode.TOO_MANY_DECIMALS, `At most ${pair.from_precision} decimal places`);
  const amount = dec(b.amount);
  if (amount.lt(pair.min_amount)) fail(ErrorCode.BELOW_MINIMUM, `The minimum is ${str(pair.min_amount)} ${pair.from_currency}`);
  if (amount.gt(pair.max_amount)) fail(ErrorCode.ABOVE_MAXIMUM, `The maximum is ${str(pair.max_amount)} ${pair.from_currency}`);
  if (floor(amount.mul(pair.rate), pair.to_precision).lte(0)) fail(ErrorCode.BELOW_MINIMUM, 'The amount is too small to swap');
  const u = await getUser(db, userId);
  if (!u.activated) fail(ErrorCode.NOT_ACTIVATED, 'Activate the account with a first deposit');
  await checkTradePassword(db, u, b.tradePassword);
  return pair;
}

/** Writes the swap, two records (out and in) and the journal entries in one transaction. */
/** A swap, done once per Idempotency-Key (see moveOnce). */
export function swap(db: Db, userId: number, key: string, body: SwapInput) {
  return moveOnce(db, {
    userId,
    scope: 'swap',
    key,
    body,
    reprove: () => checkTradePasswordOf(db, userId, body.tradePassword),
    prechecks: () => swapPrechecks(db, userId, body),
    work: (trx, pair) => swapLocked(trx, userId, pair, body),
  });
}

export async function swapLocked(trx: Q, userId: number, pair: Pair, b: SwapInput) {
  const amount = dec(b.amount);
  const out = floor(amount.mul(pair.rate), pair.to_precision);
  const bal = await lockBalance(trx, userId, pair.from_currency);
  if (dec(bal.available).lt(amount)) fail(ErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance');
  const s = await trx
    .insertInto('swaps')
    .values({
      user_id: userId,
      from_currency: pair.from_currency,
      to_currency: pair.to_currency,
      from_amount: str(amount),
      to_amount: str(out),
      rate: pair.rate,
      status: 'completed',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const common = {
    user_id: userId,
    type: 'swap',
    status: 'success',
    network: 'TRC20',
    from_address: null,
    to_address: null,
    tx_id: null,
    reason: null,
    // Both sides of the swap point back to it: a swap record opens its details from here.
    ref: `swap:${s.id}`,
  };
  const [outRecord] = await trx
    .insertInto('records')
    .values([
      { ...common, direction: 'out', currency: pair.from_currency, amount: str(amount) },
      { ...common, direction: 'in', currency: pair.to_currency, amount: str(out) },
    ])
    .returning('id')
    .execute();
  await post(trx, `swap:${s.id}`, pair.from_currency, [
    [userAvailable(userId), amount.neg()],
    ['system:exchange', amount],
  ]);
  await post(trx, `swap:${s.id}`, pair.to_currency, [
    ['system:exchange', out.neg()],
    [userAvailable(userId), out],
  ]);
  return toSwap(s, outRecord?.id ?? null);
}
