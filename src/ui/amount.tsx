/**
 * An amount as the user reads it: rounded down to `places`, grouped and with the locale's digits
 * (Intl, given the exact decimal string, so no float ever touches it), isolated left-to-right,
 * or masked as ****** in privacy mode.
 */
import { useLingui } from '@lingui/react';
import { AMOUNT_MASK, formatAmountFloor } from '../lib/money/money';

/**
 * One formatter per locale and precision: building an Intl.NumberFormat costs far more than using
 * one, and a list of records or assets renders dozens of amounts (it showed as a long task on home).
 */
const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(locale: string, places: number): Intl.NumberFormat {
  const key = `${locale}|${places}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale.replace('_', '-'), { maximumFractionDigits: Math.min(places, 20) });
    formatters.set(key, fmt);
  }
  return fmt;
}

export function formatAmountForLocale(value: string, places: number, locale: string): string {
  const floored = formatAmountFloor(value, places);
  try {
    // NumberFormat v3 formats decimal strings exactly.
    return formatterFor(locale, places).format(floored as unknown as number);
  } catch {
    return floored;
  }
}

interface AmountProps {
  value: string;
  places: number;
  symbol?: string;
  /** Drawn inside the isolate, so right-to-left text never moves it to the other end. */
  sign?: '+' | '−';
  hidden?: boolean;
  className?: string;
}

export function Amount({ value, places, symbol, sign, hidden, className }: AmountProps) {
  const { i18n } = useLingui();
  const text = hidden ? AMOUNT_MASK : formatAmountForLocale(value, places, i18n.locale);
  return (
    <bdi className={className ? `ltr-isolate ${className}` : 'ltr-isolate'} dir="ltr">
      {sign && !hidden ? sign : null}
      {text}
      {symbol ? ` ${symbol}` : null}
    </bdi>
  );
}

const fiatFormatters = new Map<string, Intl.NumberFormat | null>();

function fiatFormatterFor(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  let fmt = fiatFormatters.get(key);
  if (fmt === undefined) {
    try {
      // The currency's own symbol and fraction digits (yen none, euro two), truncated like every
      // amount here: a value is never shown above what it is.
      fmt = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency, roundingMode: 'trunc' });
    } catch {
      // Not an ISO 4217 code Intl knows: shown as a number and its code instead.
      fmt = null;
    }
    fiatFormatters.set(key, fmt);
  }
  return fmt;
}

/** A value in a fiat currency as the locale writes money ("$1,479.40", "1.479,40 €", "¥1,479"). */
export function formatFiatForLocale(value: string, currency: string, locale: string): string {
  const fmt = fiatFormatterFor(locale, currency);
  if (!fmt) return `${formatAmountForLocale(value, 2, locale)} ${currency}`;
  // Exact: NumberFormat v3 formats the decimal string itself.
  return fmt.format(value as unknown as number);
}

export function FiatAmount({
  value,
  currency,
  hidden,
  className,
}: Omit<AmountProps, 'places' | 'symbol'> & { currency: string }) {
  const { i18n } = useLingui();
  return (
    <bdi className={className ? `ltr-isolate ${className}` : 'ltr-isolate'} dir="ltr">
      {hidden ? AMOUNT_MASK : formatFiatForLocale(value, currency, i18n.locale)}
    </bdi>
  );
}
