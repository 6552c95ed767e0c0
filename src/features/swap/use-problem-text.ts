/** The sentence for each reason an amount cannot be swapped, for the field, the outcome and refusals. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ExchangePair } from '../../contract/exchange';
import { formatAmountText } from '../../ui/amount-text';
import type { SwapProblem } from './quote';

export function useProblemText(pair: ExchangePair): (problem: SwapProblem | null) => string | null {
  const { t, i18n } = useLingui();
  return (problem) => {
    switch (problem) {
      case 'empty':
        return t`Enter an amount.`;
      case 'format':
        return t`Enter a number with at most ${plural(pair.fromPrecision, { one: '# decimal place', other: '# decimal places' })}.`;
      case 'below':
        return t`The minimum is ${formatAmountText(pair.minAmount, pair.fromPrecision, pair.fromCurrency, i18n.locale)}.`;
      case 'above':
        return t`The maximum is ${formatAmountText(pair.maxAmount, pair.fromPrecision, pair.fromCurrency, i18n.locale)}.`;
      case 'insufficient':
        return t`Insufficient balance.`;
      case 'tooSmall':
        return t`The amount is too small to swap.`;
      default:
        return null;
    }
  };
}
