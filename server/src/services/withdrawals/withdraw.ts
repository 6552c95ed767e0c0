/**
 * A withdrawal, in two statements: one reads the session and everything the withdrawal checks, and
 * takes the trade password's attempt; the other moves the money, stores the result under its key
 * and settles a right answer (secret-attempt.ts). argon2 runs between them. Each statement costs a
 * round trip, and on the embedded database every one of them queues on its only thread: a
 * withdrawal used to take 19, then 5.
 */
import { type RawBuilder, sql } from 'kysely';
import type * as z from 'zod/mini';
import type { withdrawBody } from '../../../../src/contract/money';
import { mustAll } from '../../../../src/lib/must';
import { isValidTronAddress } from '../../../../src/lib/tron/index';
import type { ChainGateway } from '../../chain/gateway';
import { dec, decimalsOf, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { WebAuthnConfig } from '../../config';
import type { Db, Q } from '../../db/schema';
import type { Who } from '../identity/me';
import { requireAuthenticator } from '../identity/users';
import { asMoveRead, type MoveOnce, moveOnce, moveReadFrom } from '../money-moves/idempotency';
import { userAvailable, userFrozen } from '../money-moves/ledger';
import { refuseWhilePaused } from '../security/recovery';
import { SecretAttempt } from '../security/secret-attempt';
import { checkTradePassword } from '../security/trade-password';
import { type RecordRow, toRecord } from '../wallet/records';
import type { ChannelRow } from './channels';
import { allowlistIsOn } from './contacts';
import { losingDestinationColumns, refuseLosing } from './destinations';
import { quoteFee } from './fee-quote';
import { recipientColumn, transferInternally } from './internal-transfer';
import { confirmTransfer } from './passkey-approval';

/** A withdrawal as the contract validates it (the route's body). */
export type WithdrawInput = z.output<typeof withdrawBody>;

/** The record a withdrawal will be, known before it is written: its id and time, and where it leaves from. */
export interface RecordSlot {
  record_id: number;
  at: Date;
  from_address: string | null;
}

/** `user`: the user's id, as a value or as a column of the statement. */
const slotColumns = (user: number | RawBuilder<number>) =>
  [
    sql<number>`nextval(pg_get_serial_sequence('records', 'id'))::int`.as('record_id'),
    sql<Date>`now()`.as('at'),
    sql<string | null>`(select address from wallets where user_id = ${user} and is_primary limit 1)`.as('from_address'),
  ] as const;

/** A record's slot on its own (the seed and tests write withdrawals without the checks). */
export async function reserveWithdrawal(q: Q, userId: number): Promise<RecordSlot> {
  return q.selectNoFrom(slotColumns(userId)).executeTakeFirstOrThrow();
}

/** The session, everything a withdrawal checks and its record's slot, in one statement. */
async function readWithdrawal(db: Db, who: Who, key: string, b: WithdrawInput, attempt: SecretAttempt) {
  const user = sql.ref<number>('u.id');
  const row = await moveReadFrom(db, who, 'withdraw', key, attempt)
    .leftJoin('withdraw_channels as c', (j) => j.on('c.id', '=', b.channelId))
    .select([
      'c.id as channel_id',
      'c.currency',
      'c.network',
      'c.min_amount',
      'c.max_amount',
      'c.fee',
      'c.fee_max',
      'c.precision',
      'c.enabled',
      'u.activated',
      'u.withdrawals_paused_until',
      'u.trade_password_hash',
      'u.google_secret',
      'u.google_last_step',
      'u.allowlist_on',
      'u.allowlist_off_at',
      ...losingDestinationColumns(user, b.address),
      sql<boolean>`exists (select 1 from contacts where user_id = u.id and address = ${b.address}
        and network = c.network and usable_at <= now())`.as('usable_contact'),
      recipientColumn(b.address),
      ...slotColumns(user),
    ])
    .executeTakeFirst();
  return asMoveRead(row);
}

type WithdrawalContext = Awaited<ReturnType<typeof readWithdrawal>>['context'];

/** The checks, in the order the user meets them (the channel, the amount, the address, the account, the secrets). */
async function checkWithdrawal(
  db: Db,
  c: WithdrawalContext,
  b: WithdrawInput,
  key: string,
  webauthn: WebAuthnConfig | undefined,
  gateway: ChainGateway | undefined,
  attempt: SecretAttempt,
): Promise<ChannelRow> {
  if (c.channel_id === null) fail(ErrorCode.NOT_FOUND, 'No such channel');
  // The channel's columns come from a LEFT JOIN: all there once its id is.
  const ch: ChannelRow = {
    ...mustAll(
      {
        id: c.channel_id,
        currency: c.currency,
        network: c.network,
        min_amount: c.min_amount,
        max_amount: c.max_amount,
        fee: c.fee,
        precision: c.precision,
        enabled: c.enabled,
      },
      'the channel',
    ),
    fee_max: c.fee_max,
  };
  if (!ch.enabled) fail(ErrorCode.CHANNEL_DISABLED, 'This channel is temporarily disabled');
  if (decimalsOf(b.amount) > ch.precision) fail(ErrorCode.TOO_MANY_DECIMALS, `At most ${ch.precision} decimal places`);
  const amount = dec(b.amount);
  if (amount.lt(ch.min_amount)) fail(ErrorCode.BELOW_MINIMUM, `The minimum is ${str(ch.min_amount)} ${ch.currency}`);
  if (amount.gt(ch.max_amount)) fail(ErrorCode.ABOVE_MAXIMUM, `The maximum is ${str(ch.max_amount)} ${ch.currency}`);
  if (!isValidTronAddress(b.address)) fail(ErrorCode.INVALID_ADDRESS, 'This is not a valid TRON address');
  refuseLosing(c);
  if (allowlistIsOn(c) && !c.usable_contact)
    fail(ErrorCode.NOT_ALLOWLISTED, 'The withdrawal allowlist is on: this address is not in the address book, or not yet usable');
  if (!c.activated) fail(ErrorCode.NOT_ACTIVATED, 'Activate the account with a first deposit');
  refuseWhilePaused(c);
  // The fee the chain's cost sets now, never more than the one the user confirmed (fee-quote.ts);
  // asked before the trade password, so a changed fee costs no attempt.
  const quote = await quoteFee(db, gateway, ch, b.address, c.recipient_id !== null);
  if (dec(quote.fee).gt(b.fee ?? ch.fee))
    fail(ErrorCode.FEE_CHANGED, `The fee is now ${quote.fee} ${ch.currency}: check it and confirm again`, { fee: quote.fee });
  await checkTradePassword(db, c, b.tradePassword, attempt);
  // The trade password always; then the authenticator's code, or a passkey's approval of this transfer.
  if (b.passkey) await confirmTransfer(db, webauthn, c.id, b.passkey, { ...b, idempotencyKey: key });
  else await requireAuthenticator(db, c, b.googleCode);
  return { ...ch, fee: quote.fee };
}

/** A withdrawal, done once per Idempotency-Key (see moveOnce); `gateway` prices its fee (fee-quote.ts). */
export function withdraw(db: Db, who: Who, key: string, body: WithdrawInput, webauthn?: WebAuthnConfig, gateway?: ChainGateway) {
  const attempt = new SecretAttempt('trade');
  return moveOnce(db, {
    scope: 'withdraw',
    key,
    body,
    attempt,
    // A retry returns the stored result once the trade password is proven again (the one-time
    // authenticator code is not: the first attempt used it).
    reprove: (context) => checkTradePassword(db, context, body.tradePassword, attempt),
    read: () => readWithdrawal(db, who, key, body, attempt),
    prechecks: (context) => checkWithdrawal(db, context, body, key, webauthn, gateway, attempt),
    // To another Tessera user's address: in the books, at once (internal-transfer.ts).
    work: (context, channel, bodyHash) =>
      context.recipient_id === null
        ? withdrawLocked(db, context.id, channel, body, context, { key, bodyHash, attempt })
        : transferInternally(db, context.id, context.recipient_id, channel, body, context, { key, bodyHash, attempt }),
  });
}

/**
 * The move, one statement: the balance debited only if it covers amount plus fee (the row's lock and
 * the condition in one UPDATE: a concurrent withdrawal waits and sees what this one left), the
 * record, the two journal entries (they sum to zero), and with `once` the result under the key.
 * Without a slot it reserves one first.
 */
export async function withdrawLocked(q: Q, userId: number, ch: ChannelRow, b: WithdrawInput, slot?: RecordSlot, once?: MoveOnce) {
  const { record_id: id, at, from_address } = slot ?? (await reserveWithdrawal(q, userId));
  const amount = dec(b.amount);
  const fee = dec(ch.fee);
  const total = amount.plus(fee);
  const row: RecordRow = {
    id,
    user_id: userId,
    type: 'withdraw',
    direction: 'out',
    status: 'withdrawing',
    currency: ch.currency,
    network: ch.network,
    amount: str(amount),
    fee: str(fee),
    from_address,
    to_address: b.address,
    tx_id: null,
    reason: null,
    ref: null,
    confirmations: null,
    confirmations_needed: null,
    internal: false,
    created_at: at,
    updated_at: at,
  };
  const record = toRecord(row);
  const { rows } = await sql<{ id: number }>`
    with debit as (
      update balances set available = available - ${str(total)}::numeric, frozen = frozen + ${str(total)}::numeric,
        updated_at = now()
      where user_id = ${userId} and currency = ${ch.currency} and available >= ${str(total)}::numeric
      returning user_id
    ), withdrawal as (
      insert into records (id, user_id, type, direction, status, currency, network, amount, fee, from_address, to_address,
        created_at, updated_at)
      select ${id}::int, user_id, 'withdraw', 'out', 'withdrawing', ${ch.currency}::text, ${ch.network}::text,
        ${row.amount}::numeric, ${row.fee}::numeric, ${from_address}::text, ${b.address}::text, ${at}::timestamptz,
        ${at}::timestamptz
      from debit
      returning id
    ), entries as (
      insert into journal (ref, account, currency, amount)
      select ${`withdraw:${id}`}::text, e.account, ${ch.currency}::text, e.amount
      from debit, (values (${userAvailable(userId)}::text, ${str(total.neg())}::numeric),
        (${userFrozen(userId)}::text, ${str(total)}::numeric)) as e(account, amount)
    ), stored as (
      insert into idempotency_keys (user_id, scope, key, body_hash, response)
      select user_id, 'withdraw', ${once?.key ?? ''}::text, ${once?.bodyHash ?? ''}::text, ${JSON.stringify(record)}::jsonb
      from debit
      where ${once !== undefined}::boolean
    )${once?.attempt.settleRightIn(q) ?? sql``}
    select id from withdrawal`.execute(q);
  once?.attempt.committed();
  if (rows.length === 0) fail(ErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance (amount plus fee)');
  return record;
}
