/**
 * The fee a transfer to this address costs now (GET withdrawFee): the chain's cost for that very
 * destination, so it is asked once the address is valid. Until it comes, and if it cannot be had,
 * the channel's least fee stands; the server checks the fee again when the transfer is sent and
 * refuses one that rose (FEE_CHANGED), and this quote is then asked again.
 */
import { useQuery } from '@tanstack/react-query';
import { withdrawFeeQueryOptions } from '../../../api/money';

export function useFeeQuote(channelId: string | undefined, address: string | null) {
  const enabled = Boolean(channelId && address);
  const quote = useQuery({
    ...withdrawFeeQueryOptions(channelId ?? '', address ?? ''),
    enabled,
    meta: { inlineErrors: true },
  });
  return {
    fee: quote.data?.fee,
    internal: quote.data?.internal ?? false,
    /** A valid address whose fee is still being asked: the transfer waits for it. */
    pending: enabled && quote.isPending,
  };
}
