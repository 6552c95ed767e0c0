/** Withdraw channels (a currency on a network, with its limits and fee) and the currencies a wallet holds. */
import { str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';

/** A withdraw channel as stored (reference data, see reference.ts). */
export interface ChannelRow {
  id: string;
  currency: string;
  network: string;
  min_amount: string;
  max_amount: string;
  fee: string;
  /** The most the fee may be; null: the fee is flat (fee-quote.ts). */
  fee_max: string | null;
  precision: number;
  enabled: boolean;
}

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
