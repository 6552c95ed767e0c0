/**
 * Which withdraw channel the transfer form starts on (SPEC §4): the one the user picked, else the
 * one a link or scan asked for (currency and network), else the saved currency's, else the default
 * currency's, else the first enabled one.
 */
import { BRAND } from '../../../config/brand';
import type { Channel } from '../../../contract/money';

export function pickChannel(
  enabled: readonly Channel[],
  o: { picked: string | null; currency?: string | undefined; network?: string | undefined; savedCurrency?: string | undefined },
): Channel | null {
  const wanted = o.currency?.toUpperCase();
  return (
    enabled.find((c) => c.id === o.picked) ??
    enabled.find((c) => c.virtualCurrencyName === wanted && (!o.network || c.network === o.network)) ??
    enabled.find((c) => c.virtualCurrencyName === o.savedCurrency) ??
    enabled.find((c) => c.virtualCurrencyName === BRAND.defaultCurrency) ??
    enabled[0] ??
    null
  );
}
