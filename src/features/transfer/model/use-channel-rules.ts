/**
 * The channel a transfer goes through and the rules its amount must meet: the channel picked (or
 * the one the link or the saved currency names), its detail once loaded (the list's copy until
 * then), and the spendable balance of its asset.
 */
import { useQuery } from '@tanstack/react-query';
import { channelDetailQueryOptions } from '../../../api/money';
import type { WalletData } from '../../../contract/member';
import type { Channel } from '../../../contract/money';
import { pickChannel } from './pick-channel';

export function useChannelRules(
  channels: readonly Channel[] | undefined,
  wallet: WalletData | undefined,
  choice: Parameters<typeof pickChannel>[1],
) {
  const enabled = (channels ?? []).filter((c) => c.enabled);
  const channel = pickChannel(enabled, choice);
  const detail = useQuery({ ...channelDetailQueryOptions(channel?.id ?? ''), enabled: Boolean(channel) });
  const rulesSource = detail.data ?? channel;
  const asset = wallet?.assets.find((a) => a.currency === channel?.virtualCurrencyName && a.network === channel?.network);
  const balance = asset?.balance ?? '0';
  const rules = rulesSource
    ? {
        minAmount: rulesSource.minAmount,
        maxAmount: rulesSource.maxAmount,
        fee: rulesSource.fee,
        precision: rulesSource.precision,
        balance,
      }
    : null;
  return { enabled, channel, detail, rulesSource, balance, rules };
}
