/**
 * Exact decimal arithmetic and display formatting for money. The only importer of decimal.js:
 * amounts enter and leave as plain decimal strings ("12.5", "-0.000001") and are parsed into
 * Decimal only here, so no JS float ever touches a balance.
 */
import DecimalBase from 'decimal.js';

/**
 * Contract amounts have at most 30 integer and 18 fraction digits (48 significant). A product of
 * three of them (toFiat) needs at most 144 digits, so 200 keeps add, sub and mul exact for every
 * contract value; div is exact whenever the quotient terminates within 200 digits. The exponent
 * limits make toFixed/toString never switch to exponent notation.
 */
const Decimal = DecimalBase.clone({
  precision: 200,
  rounding: DecimalBase.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
type Decimal = DecimalBase;

/** A plain decimal string: optional minus, digits, optional fraction. No exponent, hex, spaces. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

function parse(value: string): Decimal {
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) {
    throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  }
  return new Decimal(value);
}

/** Normal notation, trailing zeros dropped, and never "-0". */
function show(value: Decimal): string {
  return value.isZero() ? '0' : value.toFixed();
}

export const add = (a: string, b: string): string => show(parse(a).plus(parse(b)));
export const sub = (a: string, b: string): string => show(parse(a).minus(parse(b)));
export const mul = (a: string, b: string): string => show(parse(a).times(parse(b)));

/** Exact when the quotient terminates; otherwise rounded to 200 significant digits. Throws on zero. */
export function div(a: string, b: string): string {
  const divisor = parse(b);
  if (divisor.isZero()) throw new RangeError('division by zero');
  return show(parse(a).dividedBy(divisor));
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export const compare = (a: string, b: string): -1 | 0 | 1 => parse(a).comparedTo(parse(b)) as -1 | 0 | 1;

export const isZero = (value: string): boolean => parse(value).isZero();

/** Canonical form of an amount: "1.500" → "1.5", "-0" → "0", "007" → "7". */
export const normalizeAmount = (value: string): string => show(parse(value));

export const sum = (values: readonly string[]): string =>
  show(values.reduce<Decimal>((acc, v) => acc.plus(parse(v)), new Decimal(0)));

/**
 * Rounds toward zero to `places` decimals and drops trailing zeros (SPEC §9):
 * ("1.23999", 2) → "1.23", ("5.000", 2) → "5", ("-1.239", 2) → "-1.23". Never shows more than
 * the user holds.
 */
export function formatAmountFloor(value: string, places: number): string {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`bad decimal places: ${places}`);
  return show(parse(value).toDecimalPlaces(places, DecimalBase.ROUND_DOWN));
}

/** The privacy mask of SPEC §4 (isShowAmount false). */
export const AMOUNT_MASK = '******';

/** `value` when amounts are shown, the mask when hidden. Format first, then mask. */
export const formatMasked = (value: string, showAmount: boolean): string => (showAmount ? value : AMOUNT_MASK);

/**
 * Value of `amount` units in a display currency: amount × price in USD × units of the currency
 * per USD (appConfig.fiatRates). Exact; format it for display with formatAmountFloor.
 */
export const toFiat = (amount: string, priceUsd: string, rate: string): string =>
  show(parse(amount).times(parse(priceUsd)).times(parse(rate)));
