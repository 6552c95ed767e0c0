/** Flash swap at the configured rate: amount out rounded down to the target precision, atomic. */
import { type Selectable, sql } from 'kysely';
import { mustAll } from '../../../../src/lib/must';
import { dec, decimalsOf, floor, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { DB, Db, Q } from '../../db/schema';
import type { Who } from '../identity/me';
import { asMoveRead, type MoveOnce, moveOnce, moveReadFrom } from '../money-moves/idempotency';
import { userAvailable } from '../money-moves/ledger';
import { pageOf, pageWindow } from '../platform/paging';
import { SecretAttempt } from '../security/secret-attempt';
import { checkTradePassword } from '../security/trade-password';

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

/** The rows a swap will write, known before it does: the swap's id, its two records' and its time. */
export interface SwapSlot {
  swap_id: number;
  out_record_id: number;
  in_record_id: number;
  at: Date;
}

const slotColumns = [
  sql<number>`nextval(pg_get_serial_sequence('swaps', 'id'))::int`.as('swap_id'),
  sql<number>`nextval(pg_get_serial_sequence('records', 'id'))::int`.as('out_record_id'),
  sql<number>`nextval(pg_get_serial_sequence('records', 'id'))::int`.as('in_record_id'),
  sql<Date>`now()`.as('at'),
] as const;

/** A slot on its own (the seed writes swaps without the checks). */
export const reserveSwap = (q: Q): Promise<SwapSlot> => q.selectNoFrom(slotColumns).executeTakeFirstOrThrow();

/** The session, everything a swap checks and its slot, in one statement (the user, the pair, the key's stored row). */
async function readSwap(db: Db, who: Who, key: string, b: SwapInput, attempt: SecretAttempt) {
  const row = await moveReadFrom(db, who, 'swap', key, attempt)
    .leftJoin('exchange_pairs as p', (j) => j.on('p.id', '=', b.pairId))
    .select([
      'p.id as pair_id',
      'p.from_currency',
      'p.to_currency',
      'p.rate',
      'p.min_amount',
      'p.max_amount',
      'p.from_precision',
      'p.to_precision',
      'p.enabled',
      'u.activated',
      'u.trade_password_hash',
      ...slotColumns,
    ])
    .executeTakeFirst();
  return asMoveRead(row);
}

type SwapContext = Awaited<ReturnType<typeof readSwap>>['context'];

async function checkSwap(db: Db, c: SwapContext, b: SwapInput, attempt: SecretAttempt): Promise<Pair> {
  if (c.pair_id === null) fail(ErrorCode.NOT_FOUND, 'No such pair');
  // The pair's columns come from a LEFT JOIN: all there once its id is.
  const pair: Pair = mustAll(
    {
      id: c.pair_id,
      from_currency: c.from_currency,
      to_currency: c.to_currency,
      rate: c.rate,
      min_amount: c.min_amount,
      max_amount: c.max_amount,
      from_precision: c.from_precision,
      to_precision: c.to_precision,
      enabled: c.enabled,
    },
    'the pair',
  );
  if (!pair.enabled) fail(ErrorCode.CHANNEL_DISABLED, 'This pair is temporarily disabled');
  if (decimalsOf(b.amount) > pair.from_precision)
    fail(ErrorCode.TOO_MANY_DECIMALS, `At most ${pair.from_precision} decimal places`);
  const amount = dec(b.amount);
  if (amount.lt(pair.min_amount)) fail(ErrorCode.BELOW_MINIMUM, `The minimum is ${str(pair.min_amount)} ${pair.from_currency}`);
  if (amount.gt(pair.max_amount)) fail(ErrorCode.ABOVE_MAXIMUM, `The maximum is ${str(pair.max_amount)} ${pair.from_currency}`);
  if (floor(amount.mul(pair.rate), pair.to_precision).lte(0)) fail(ErrorCode.BELOW_MINIMUM, 'The amount is too small to swap');
  if (!c.activated) fail(ErrorCode.NOT_ACTIVATED, 'Activate the account with a first deposit');
  await checkTradePassword(db, c, b.tradePassword, attempt);
  return pair;
}

/** A swap, done once per Idempotency-Key (see moveOnce). */
export function swap(db: Db, who: Who, key: string, body: SwapInput) {
  const attempt = new SecretAttempt('trade');
  return moveOnce(db, {
    scope: 'swap',
    key,
    body,
    attempt,
    reprove: (context) => checkTradePassword(db, context, body.tradePassword, attempt),
    read: () => readSwap(db, who, key, body, attempt),
    prechecks: (context) => checkSwap(db, context, body, attempt),
    work: (context, pair, bodyHash) => swapLocked(db, context.id, pair, body, context, { key, bodyHash, attempt }),
  });
}

/**
 * The swap, one statement: the source balance debited only if it covers the amount (the row's lock
 * and the condition in one UPDATE), the target credited (its row made when missing), the swap, its
 * two records (both point back to it: a swap record opens its details from there), four journal
 * entries (zero per currency, against the exchange's account), and with `once` the result under the
 * key. Without a slot it reserves one first.
 */
export async function swapLocked(q: Q, userId: number, pair: Pair, b: SwapInput, slot?: SwapSlot, once?: MoveOnce) {
  const { swap_id: id, out_record_id: outId, in_record_id: inId, at } = slot ?? (await reserveSwap(q));
  const amount = str(dec(b.amount));
  const out = str(floor(dec(b.amount).mul(pair.rate), pair.to_precision));
  const ref = `swap:${id}`;
  const result = toSwap(
    {
      id,
      user_id: userId,
      from_currency: pair.from_currency,
      to_currency: pair.to_currency,
      from_amount: amount,
      to_amount: out,
      rate: pair.rate,
      status: 'completed',
      created_at: at,
    },
    outId,
  );
  const available = userAvailable(userId);
  const { rows } = await sql<{ user_id: number }>`
    with debit as (
      update balances set available = available - ${amount}::numeric, updated_at = now()
      where user_id = ${userId} and currency = ${pair.from_currency} and available >= ${amount}::numeric
      returning user_id
    ), credit as (
      insert into balances (user_id, currency, available)
      select user_id, ${pair.to_currency}::text, ${out}::numeric from debit
      on conflict (user_id, currency) do update set available = balances.available + excluded.available, updated_at = now()
    ), swapped as (
      insert into swaps (id, user_id, from_currency, to_currency, from_amount, to_amount, rate, status, created_at)
      select ${id}::int, user_id, ${pair.from_currency}::text, ${pair.to_currency}::text, ${amount}::numeric,
        ${out}::numeric, ${pair.rate}::numeric, 'completed', ${at}::timestamptz
      from debit
    ), sides as (
      insert into records (id, user_id, type, status, network, direction, currency, amount, ref, created_at, updated_at)
      select r.id, user_id, 'swap', 'success', 'TRC20', r.direction, r.currency, r.amount, ${ref}::text, ${at}::timestamptz,
        ${at}::timestamptz
      from debit, (values (${outId}::int, 'out', ${pair.from_currency}::text, ${amount}::numeric),
        (${inId}::int, 'in', ${pair.to_currency}::text, ${out}::numeric)) as r(id, direction, currency, amount)
    ), entries as (
      insert into journal (ref, account, currency, amount)
      select ${ref}::text, e.account, e.currency, e.amount
      from debit, (values (${available}::text, ${pair.from_currency}::text, -${amount}::numeric),
        ('system:exchange', ${pair.from_currency}::text, ${amount}::numeric),
        ('system:exchange', ${pair.to_currency}::text, -${out}::numeric),
        (${available}::text, ${pair.to_currency}::text, ${out}::numeric)) as e(account, currency, amount)
    ), stored as (
      insert into idempotency_keys (user_id, scope, key, body_hash, response)
      select user_id, 'swap', ${once?.key ?? ''}::text, ${once?.bodyHash ?? ''}::text, ${JSON.stringify(result)}::jsonb
      from debit
      where ${once !== undefined}::boolean
    )${once?.attempt.settleRightIn(q) ?? sql``}
    select user_id from debit`.execute(q);
  once?.attempt.committed();
  if (rows.length === 0) fail(ErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance');
  return result;
}
