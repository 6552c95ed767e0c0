/**
 * What a withdrawal's fee is, before the user confirms it (GET …/transaction/withdrawFee) and again
 * when they do: what the chain will burn for this very destination — a USDT transfer costs about
 * twice as much energy to an address that holds none — at the chain's energy price, turned into the
 * channel's currency at the operator's prices with a 10 % margin, rounded up to a cent, within the
 * channel's bounds (`fee` the least, `fee_max` the most). A channel without `fee_max`, a server
 * without a chain, or an estimate the node will not give: the bound that protects each side — the
 * flat fee, or the most the fee may be.
 */
import { type ChainPrices, paymentBurnSun } from '../../chain/costs';
import type { ChainGateway } from '../../chain/gateway';
import { dec, str } from '../../common/decimal';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import type { ChannelRow } from './channels';
import { recipientColumn } from './internal-transfer';

/** The share above the estimate a fee keeps, for the price moving between the quote and the payment. */
const MARGIN = '1.1';

export interface FeeQuote {
  fee: string;
  /** To another Tessera user's address: moved in the books, no fee (internal-transfer.ts). */
  internal: boolean;
}

export async function quoteFee(
  db: Q,
  gateway: ChainGateway | undefined,
  ch: ChannelRow,
  address: string,
  internal: boolean,
): Promise<FeeQuote> {
  if (internal) return { fee: '0', internal };
  if (ch.fee_max === null || !gateway) return { fee: str(dec(ch.fee)), internal };
  let burnSun: bigint;
  let prices: ChainPrices;
  try {
    prices = await gateway.prices();
    const units = 10n ** BigInt(ch.precision);
    burnSun = await paymentBurnSun(gateway, prices, { from: gateway.hotWallet, to: address, currency: ch.currency, units });
  } catch {
    return { fee: str(dec(ch.fee_max)), internal };
  }
  const usd = await db
    .selectFrom('currencies')
    .select(['symbol', 'price_usd'])
    .where('symbol', 'in', ['TRX', ch.currency])
    .execute();
  const trxUsd = dec(usd.find((c) => c.symbol === 'TRX')?.price_usd ?? 0);
  const unitUsd = dec(usd.find((c) => c.symbol === ch.currency)?.price_usd ?? 0);
  if (trxUsd.lte(0) || unitUsd.lte(0)) return { fee: str(dec(ch.fee_max)), internal };
  const cost = dec(burnSun.toString()).div(1_000_000).mul(trxUsd).div(unitUsd).mul(MARGIN);
  const rounded = cost.toDecimalPlaces(2, 2); // ROUND_CEIL
  const bounded = rounded.lt(ch.fee) ? dec(ch.fee) : rounded.gt(ch.fee_max) ? dec(ch.fee_max) : rounded;
  return { fee: str(bounded), internal };
}

/** GET …/transaction/withdrawFee: the fee a withdrawal through `channelId` to `address` costs now. */
export async function withdrawFeeFor(db: Q, gateway: ChainGateway | undefined, channelId: string, address: string) {
  const ch = await db
    .selectFrom('withdraw_channels')
    .select(['id', 'currency', 'network', 'min_amount', 'max_amount', 'fee', 'fee_max', 'precision', 'enabled'])
    .select(recipientColumn(address))
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!ch) return fail(ErrorCode.NOT_FOUND, 'No such channel');
  return quoteFee(db, gateway, ch, address, ch.recipient_id !== null);
}
