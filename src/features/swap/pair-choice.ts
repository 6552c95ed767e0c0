/**
 * Which pair a token choice leads to. Each side of the swap lists the tokens some enabled pair has
 * on that side; choosing one keeps the other side when a pair joins them, or else takes the first
 * pair with the chosen token, so every choice lands on a pair that exists.
 */
import type { ExchangePair } from '../../contract/exchange';

/** "from": the token paid; "to": the token received. */
export type SwapSide = 'from' | 'to';

type PairTokens = Pick<ExchangePair, 'id' | 'fromCurrency' | 'toCurrency'>;

const tokenOn = (pair: PairTokens, side: SwapSide) => (side === 'from' ? pair.fromCurrency : pair.toCurrency);
const otherSide = (side: SwapSide): SwapSide => (side === 'from' ? 'to' : 'from');

/** The tokens that can be chosen on `side`, each once, in the order the pairs come. */
export function tokensOnSide(pairs: readonly PairTokens[], side: SwapSide): string[] {
  return [...new Set(pairs.map((p) => tokenOn(p, side)))];
}

/** The pair after choosing `currency` on `side` of `current`; undefined when no pair has it there. */
export function pairWithToken<P extends PairTokens>(
  pairs: readonly P[],
  current: PairTokens,
  side: SwapSide,
  currency: string,
): P | undefined {
  const other = otherSide(side);
  const kept = tokenOn(current, other);
  return (
    pairs.find((p) => tokenOn(p, side) === currency && tokenOn(p, other) === kept) ??
    pairs.find((p) => tokenOn(p, side) === currency)
  );
}

/** The pair that swaps back what `pair` swaps, when one is enabled. */
export function reverseOf<P extends PairTokens>(pairs: readonly P[], pair: PairTokens): P | undefined {
  return pairs.find((p) => p.fromCurrency === pair.toCurrency && p.toCurrency === pair.fromCurrency);
}
