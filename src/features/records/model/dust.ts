/**
 * Dust: tiny incoming transfers, usually planted by address poisoners so a lookalike address shows
 * up in the victim's history. Incoming records worth less than the threshold (in USD) are greyed,
 * collapsed and offer no copy shortcut for their addresses.
 */
import type { TransactionRecord } from '../../../contract/money';
import { isValidAmountInput } from '../../../lib/money/amount-input';
import { compare, mul } from '../../../lib/money/money';

/** Prices in USD by currency symbol. An unknown price is never dust (we cannot tell). */
export type PriceTable = Readonly<Record<string, string>>;

export function isDust(record: TransactionRecord, prices: PriceTable, thresholdUsd: string): boolean {
  if (record.direction !== 'in' || record.type !== 'deposit') return false;
  const price = prices[record.currency];
  if (price === undefined) return false;
  return compare(mul(record.amount, price), thresholdUsd) < 0;
}

/** The user's threshold when it is a valid amount ("0" switches the filter off), else the server default. */
export function effectiveThreshold(saved: string | null | undefined, fallback: string | undefined): string {
  if (saved === '0') return '0';
  if (saved && isValidAmountInput(saved, 6)) return saved;
  return fallback ?? '1';
}

export function splitDust(records: readonly TransactionRecord[], prices: PriceTable, thresholdUsd: string) {
  const dust = new Set<string>();
  for (const r of records) if (isDust(r, prices, thresholdUsd)) dust.add(r.id);
  return { dust, visible: (showDust: boolean) => (showDust ? records : records.filter((r) => !dust.has(r.id))) };
}
