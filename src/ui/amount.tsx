/**
 * An amount as the user reads it: rounded down to `places`, grouped and with the locale's digits
 * (Intl, given the exact decimal string, so no float ever touches it), isolated left-to-right,
 * or masked as ****** in privacy mode.
 */
import { useLingui } from '@lingui/react';
import { AMOUNT_MASK, formatAmountFloor } from '../lib/money/money';

export function formatAmountForLocale(value: string, places: number, locale: string): string {
  const floored = formatAmountFloor(value, places);
  try {
    const fmt = new Intl.NumberFormat(locale.replace('_', '-'), { maximumFractionDigits: Math.min(places, 20) });
    // NumberFormat v3 formats decimal strings exactly.
    return fmt.format(floored as unknown as number);
  } catch {
    return floored;
  }
}

interface AmountProps {
  value: string;
  places: number;
  symbol?: string;
  hidden?: boolean;
  className?: string;
}

export function Amount({ value, places, symbol, hidden, className }: AmountProps) {
  const { i18n } = useLingui();
  const text = hidden ? AMOUNT_MASK : formatAmountForLocale(value, places, i18n.locale);
  return (
    <bdi className={className ? `ltr-isolate ${className}` : 'ltr-isolate'} dir="ltr">
      {text}
      {symbol ? ` ${symbol}` : null}
    </bdi>
  );
}
