/**
 * The server's record search (server/src/services/wallet/records.ts `searching`), for the records
 * saved on the phone when there is no connection: part of an address or the transaction id in any
 * case, or an amount equal as a number (12.50 finds 12.5). The server looks for a part among the
 * newest 5,000 records and for a whole id or address in all of them; the phone holds fewer than
 * either, so here every saved record is looked through.
 */
import Decimal from 'decimal.js';
import type { TransactionRecord } from '../../../contract/money';

const AMOUNT = /^\d{1,30}(\.\d{1,18})?$/;

export function matchesRecordSearch(record: TransactionRecord, search: string): boolean {
  const text = search.trim();
  if (!text) return true;
  const needle = text.toLowerCase();
  const inText = [record.fromAddress, record.toAddress, record.txId].some((v) => v?.toLowerCase().includes(needle));
  return inText || (AMOUNT.test(text) && new Decimal(text).eq(record.amount));
}
