/**
 * What the user may type as an amount. A valid amount is a plain positive decimal with at most
 * `precision` decimals: no sign, exponent, hex, spaces or grouping, and no bare "." at either end
 * ("1." and ".5" are refused; the input field can show them while typing, see isAmountDraft).
 * Leading zeros are refused too ("01", "00.5"), which keeps every accepted text a strict subset
 * of the contract's `positiveAmountInput`, so the server never refuses what passes here.
 */

/** Contract limits: 30 integer digits, 18 decimals. */
const MAX_INTEGER_DIGITS = 30;
const MAX_DECIMALS = 18;

function decimalsAllowed(precision: number): number {
  if (!Number.isInteger(precision) || precision < 0) throw new RangeError(`bad precision: ${precision}`);
  return Math.min(precision, MAX_DECIMALS);
}

const integerPart = `(0|[1-9]\\d{0,${MAX_INTEGER_DIGITS - 1}})`;

/** A complete, strictly positive amount with at most `precision` decimals. */
export function isValidAmountInput(text: string, precision: number): boolean {
  const places = decimalsAllowed(precision);
  const fraction = places > 0 ? `(\\.\\d{1,${places}})?` : '';
  if (!new RegExp(`^${integerPart}${fraction}$`).test(text)) return false;
  return /[1-9]/.test(text);
}

/**
 * A text the amount field may hold while the user types: empty, "0", "12", "12." or a partial
 * fraction within `precision`. Use it to refuse keystrokes; use isValidAmountInput to submit.
 */
export function isAmountDraft(text: string, precision: number): boolean {
  const places = decimalsAllowed(precision);
  if (text === '') return true;
  const fraction = places > 0 ? `(\\.\\d{0,${places}})?` : '';
  return new RegExp(`^${integerPart}${fraction}$`).test(text);
}
