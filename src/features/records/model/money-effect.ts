/**
 * What a record did to the user's money, for how its amount is drawn: a reward still in review or
 * a deposit still confirming was not credited (greyed, never shown as gained), and a failed or
 * rejected one moved nothing (struck through).
 *
 * A failed withdrawal is the exception when a refund record of its own gave its amount and fee
 * back (`refundRecordId`): then the money did leave and did come back, each shown once — the
 * withdrawal as its debit, the refund as an ordinary credit ("+", green) — so that the list adds
 * up to the balance. Striking the withdrawal through as well would count that money back twice.
 * A failed withdrawal without one (from before refunds were records) stays struck through.
 */
import type { TransactionRecord } from '../../../contract/money';

export type MoneyEffect = 'moved' | 'pending' | 'none';

type Effectful = Pick<TransactionRecord, 'status' | 'direction' | 'refundRecordId'>;

const PENDING: ReadonlySet<TransactionRecord['status']> = new Set(['confirming', 'pending_review', 'review_approved']);
const NONE: ReadonlySet<TransactionRecord['status']> = new Set(['failed', 'review_rejected']);

export function moneyEffect(record: Effectful): MoneyEffect {
  if (record.status === 'failed' && record.refundRecordId) return 'moved';
  if (NONE.has(record.status)) return 'none';
  // An outgoing withdrawal under review has already left the balance (it is held); only money
  // coming in can be "not yet".
  if (record.direction === 'in' && PENDING.has(record.status)) return 'pending';
  return 'moved';
}

/**
 * "+" or "−" only for money that moved or was sent back: a reward in review or a deposit
 * confirming is not in the balance yet, so it gets no "+" that would read as credited. A refund
 * is money coming in, settled: "+".
 */
export function recordSign(record: Effectful): '+' | '−' | undefined {
  if (moneyEffect(record) === 'pending') return undefined;
  return record.direction === 'in' ? '+' : '−';
}
