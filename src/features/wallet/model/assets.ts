/**
 * The home screen's asset maths: which assets match the chosen network and search, what each is
 * worth in the display currency, and the total. Exact decimals only (lib/money).
 */
import type { WalletAsset } from '../../../contract/member';
import { sum, toFiat } from '../../../lib/money/money';

export const ALL_NETWORKS = 'all';
export const DEFAULT_FIAT = 'USD';

export interface FiatUnit {
  code: string;
  /** Units of `code` per 1 USD. */
  rate: string;
}

/** The display currency: the saved one when the server has a rate for it, else USD. */
export function pickFiat(saved: string | null | undefined, rates: Readonly<Record<string, string>> | undefined): FiatUnit {
  if (saved && rates?.[saved]) return { code: saved, rate: rates[saved] };
  return { code: DEFAULT_FIAT, rate: rates?.[DEFAULT_FIAT] ?? '1' };
}

export const networksOf = (assets: readonly WalletAsset[]): string[] => [...new Set(assets.map((a) => a.network))].sort();

export function filterAssets(assets: readonly WalletAsset[], network: string, search: string): WalletAsset[] {
  const q = search.trim().toLowerCase();
  return assets.filter(
    (a) =>
      (network === ALL_NETWORKS || a.network === network) &&
      (q === '' || a.currency.toLowerCase().includes(q) || a.name.toLowerCase().includes(q)),
  );
}

/** Value of what the user holds (spendable + in flight) in the display currency. */
export const assetValue = (asset: WalletAsset, fiat: FiatUnit): string =>
  toFiat(sum([asset.balance, asset.frozen]), asset.priceUsd, fiat.rate);

export const totalValue = (assets: readonly WalletAsset[], fiat: FiatUnit): string => sum(assets.map((a) => assetValue(a, fiat)));
