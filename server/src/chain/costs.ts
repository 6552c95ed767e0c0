/**
 * What a payment burns on the chain, estimated before it is signed (docs/chain.md): a token
 * transfer's energy as the chain itself estimates it for this sender and recipient (a first-time
 * holder costs twice as much) at the chain's energy price; a TRX transfer to an address without an
 * account, the 1.1 TRX that creates it; and the bandwidth, counted as burnt in case the sender's
 * free 600 bytes a day are spent (≈ 345 bytes for a token transfer, ≈ 267 for TRX, 1,000 sun each).
 */
import type { ChainGateway } from './gateway';

export const TOKEN_BANDWIDTH_SUN = 350_000n;
export const TRX_BANDWIDTH_SUN = 270_000n;

export type ChainPrices = Awaited<ReturnType<ChainGateway['prices']>>;

export async function paymentBurnSun(
  gateway: ChainGateway,
  prices: ChainPrices,
  p: { from: string; to: string; currency: string; units: bigint },
): Promise<bigint> {
  if (p.currency === 'TRX') {
    const recipient = await gateway.account(p.to);
    return recipient.exists ? TRX_BANDWIDTH_SUN : prices.createAccountSun;
  }
  return (await gateway.transferEnergy(p)) * prices.energySun + TOKEN_BANDWIDTH_SUN;
}
