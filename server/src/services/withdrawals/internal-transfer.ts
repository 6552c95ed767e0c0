/**
 * A withdrawal to another Tessera user's deposit address never touches the chain: the money moves in
 * the books at once, with no network fee, and both records say so (`internal`). On the chain it would
 * cost the hot wallet ≈ 6.8 TRX, and the deposit watcher ignores what the hot wallet sends, so the
 * recipient would never have been credited. Nothing leaves custody, so no operator approval is asked.
 *
 * Received money of at least the minimum deposit activates the recipient's account, as a first
 * deposit does; the new-user gift does not come with it: it rewards money brought to Tessera, and
 * an internal transfer costs nothing to repeat across fresh accounts.
 */
import { sql } from 'kysely';
import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import { minimumDeposit } from '../deposits/deposits';
import type { MoveOnce } from '../money-moves/idempotency';
import { userAvailable } from '../money-moves/ledger';
import { type RecordRow, toRecord } from '../wallet/records';
import type { ChannelRow } from './channels';
import type { RecordSlot, WithdrawInput } from './withdraw';

/** The Tessera user whose deposit address `address` is (their wallet's, or a per-coin one from an older version), as a column. */
export const recipientColumn = (address: string) =>
  sql<number | null>`coalesce(
    (select user_id from wallets where address = ${address} and is_primary limit 1),
    (select user_id from deposit_addresses where address = ${address} limit 1))`.as('recipient_id');

/**
 * The move, one statement (as withdrawLocked): the sender debited only if the amount is there, the
 * recipient credited, both records, the journal entry (it sums to zero), the recipient's activation,
 * and with `once` the result under the key. Returns the sender's record.
 */
export async function transferInternally(
  q: Q,
  senderId: number,
  recipientId: number,
  ch: ChannelRow,
  b: WithdrawInput,
  slot: RecordSlot,
  once?: MoveOnce,
) {
  const { record_id: id, at, from_address } = slot;
  const amount = str(dec(b.amount));
  const row: RecordRow = {
    id,
    user_id: senderId,
    type: 'withdraw',
    direction: 'out',
    status: 'success',
    currency: ch.currency,
    network: ch.network,
    amount,
    fee: '0',
    from_address,
    to_address: b.address,
    tx_id: null,
    reason: null,
    ref: null,
    confirmations: null,
    confirmations_needed: null,
    internal: true,
    created_at: at,
    updated_at: at,
  };
  const record = toRecord(row);
  const minimum = await minimumDeposit(q, ch.currency);
  const { rows } = await sql<{ id: number }>`
    with debit as (
      update balances set available = available - ${amount}::numeric, updated_at = now()
      where user_id = ${senderId} and currency = ${ch.currency} and available >= ${amount}::numeric
      returning user_id
    ), sent as (
      insert into records (id, user_id, type, direction, status, currency, network, amount, fee, from_address, to_address,
        internal, created_at, updated_at)
      select ${id}::int, user_id, 'withdraw', 'out', 'success', ${ch.currency}::text, ${ch.network}::text,
        ${amount}::numeric, 0, ${from_address}::text, ${b.address}::text, true, ${at}::timestamptz, ${at}::timestamptz
      from debit
      returning id
    ), received as (
      insert into records (user_id, type, direction, status, currency, network, amount, fee, from_address, to_address,
        internal, ref, created_at, updated_at)
      select ${recipientId}::int, 'deposit', 'in', 'success', ${ch.currency}::text, ${ch.network}::text, ${amount}::numeric,
        0, ${from_address}::text, ${b.address}::text, true, ${`internal:${id}`}::text, ${at}::timestamptz, ${at}::timestamptz
      from debit
    ), credit as (
      insert into balances (user_id, currency, available, updated_at)
      select ${recipientId}::int, ${ch.currency}::text, ${amount}::numeric, now() from debit
      on conflict (user_id, currency) do update set available = balances.available + excluded.available, updated_at = now()
    ), entries as (
      insert into journal (ref, account, currency, amount)
      select ${`internal:${id}`}::text, e.account, ${ch.currency}::text, e.amount
      from debit, (values (${userAvailable(senderId)}::text, ${str(dec(amount).neg())}::numeric),
        (${userAvailable(recipientId)}::text, ${amount}::numeric)) as e(account, amount)
    ), activation as (
      update users set activated = true
      where id = ${recipientId} and not activated and ${dec(amount).gte(minimum)}::boolean and exists (select 1 from debit)
    ), stored as (
      insert into idempotency_keys (user_id, scope, key, body_hash, response)
      select user_id, 'withdraw', ${once?.key ?? ''}::text, ${once?.bodyHash ?? ''}::text, ${JSON.stringify(record)}::jsonb
      from debit
      where ${once !== undefined}::boolean
    )${once?.attempt.settleRightIn(q) ?? sql``}
    select id from sent`.execute(q);
  once?.attempt.committed();
  if (rows.length === 0) fail(ErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance');
  return record;
}
