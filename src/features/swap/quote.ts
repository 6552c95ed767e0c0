/** Swap maths: the amount out at the pair's rate, floored to the target precision, and the checks. */
import type { ExchangePair } from '../../contract/exchange';
import { isValidAmountInput } from '../../lib/money/amount-input';
import { compare, formatAmountFloor, isZero, mul } from '../../lib/money/money';

/** Amount received for `amountIn`, exactly as the server computes it (rounded down). */
export function quoteSwap(amountIn: string, pair: Pick<ExchangePair, 'rate' | 'toPrecision'>): string {
  return formatAmountFloor(mul(amountIn, pair.rate), pair.toPrecision);
}

export type SwapProblem = 'empty' | 'format' | 'below' | 'above' | 'insufficient' | 'tooSmall';

/** The first reason `amountIn` cannot be swapped, or null when it can. `balance` null = unknown. */
export function swapProblem(
  amountIn: string,
  pair: Pick<ExchangePair, 'rate' | 'toPrecision' | 'fromPrecision' | 'minAmount' | 'maxAmount'>,
  balance: string | null,
): SwapProblem | null {
  if (amountIn === '') return 'empty';
  if (!isValidAmountInput(amountIn, pair.fromPrecision)) return 'format';
  if (compare(amountIn, pair.minAmount) < 0) return 'below';
  if (compare(amountIn, pair.maxAmount) > 0) return 'above';
  if (balance !== null && compare(amountIn, balance) > 0) return 'insufficient';
  if (isZero(quoteSwap(amountIn, pair))) return 'tooSmall';
  return null;
}
