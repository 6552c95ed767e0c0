/** The dust threshold and prices the records screens need (both persisted for offline). */
import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions, coinsQueryOptions } from '../../api/misc';
import { useAppStore } from '../../session/store';
import { effectiveThreshold, type PriceTable } from './model/dust';

export function useDustRules(): { threshold: string; prices: PriceTable } {
  const saved = useAppStore((s) => s.dustThresholdUsd);
  const config = useQuery({ ...appConfigQueryOptions(), meta: { inlineErrors: true } });
  const coins = useQuery({ ...coinsQueryOptions(), meta: { inlineErrors: true } });
  const prices: Record<string, string> = {};
  for (const c of coins.data ?? []) prices[c.symbol] = c.priceUsd;
  return { threshold: effectiveThreshold(saved, config.data?.dustThresholdUsd), prices };
}
