/**
 * What a record did to the user's money, for how its amount is drawn: a reward still in review or
 * a deposit still confirming was not credited (greyed, never shown as gained), and a failed or
 * rejected one moved nothing — a failed withdrawal's amount and fee were refunded (struck through).
 */
import type { TransactionRecord } from '../../../contract/money';

export type MoneyEffect = 'moved' | 'pending' | 'none';

const PENDING: ReadonlySet<TransactionRecord['status']> = new Set(['confirming', 'pending_review', 'review_approved']);
const NONE: ReadonlySet<TransactionRecord['status']> = new Set(['failed', 'review_rejected']);

export function moneyEffect(record: Pick<TransactionRecord, 'status' | 'direction'>): MoneyEffect {
  if (NONE.has(record.status)) return 'none';
  // An outgoing withdrawal under review has already left the balance (it is held); only money
  // coming in can be "not yet".
  if (record.direction === 'in' && PENDING.has(record.status)) return 'pending';
  return 'moved';
}

/**
 * "+" or "−" only for money that moved or was sent back: a reward in review or a deposit
 * confirming is not in the balance yet, so it gets no "+" that would read as credited.
 */
export function recordSign(record: Pick<TransactionRecord, 'status' | 'direction'>): '+' | '−' | undefined {
  if (moneyEffect(record) === 'pending') return undefined;
  return record.direction === 'in' ? '+' : '−';
}
