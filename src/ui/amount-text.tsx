/**
 * Amounts inside sentences and ranges: kept out of amount.tsx, which every screen with a balance
 * loads first (home among them), since only forms and facts need these.
 */
import { useLingui } from '@lingui/react';
import { formatAmountForLocale } from './amount';

/**
 * An amount with its unit as plain text for a sentence (a toast, an error), wrapped in Unicode's
 * left-to-right isolate so that in Arabic the number and its unit stay together and in order.
 */
export function formatAmountText(value: string, places: number, symbol: string, locale: string): string {
  return `\u2066${formatAmountForLocale(value, places, locale)} ${symbol}\u2069`;
}

/** A range ("10 – 50,000 USDT") as one isolate, so right-to-left text cannot swap its ends. */
export function AmountRange({ min, max, places, symbol }: { min: string; max: string; places: number; symbol: string }) {
  const { i18n } = useLingui();
  return (
    <bdi className="ltr-isolate" dir="ltr">
      {formatAmountForLocale(min, places, i18n.locale)} – {formatAmountForLocale(max, places, i18n.locale)} {symbol}
    </bdi>
  );
}
