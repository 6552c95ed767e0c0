/** The transfer form's translated field errors: the amount's rule and the destination's verdict. */
import { useLingui } from '@lingui/react/macro';
import type { AddressVerdict } from './address-checks';
import type { AmountProblem, AmountRules } from './amount-checks';

export function useFieldMessages(rules: AmountRules | null, cur: string) {
  const { t } = useLingui();
  const amountText = (p: AmountProblem): string => {
    switch (p) {
      case 'required':
        return t`Enter an amount.`;
      case 'format':
        return t`Enter a valid amount, for example 12.5.`;
      case 'decimals':
        return t`At most ${rules?.precision ?? 0} decimal places for ${cur}.`;
      case 'belowMin':
        return t`The transfer amount is below the minimum limit (${rules?.minAmount} ${cur}).`;
      case 'aboveMax':
        return t`The transfer amount exceeds the maximum limit (${rules?.maxAmount} ${cur}).`;
      case 'insufficient':
        return t`Insufficient balance: the amount plus the ${rules?.fee} ${cur} fee is more than you have.`;
    }
  };
  const addressText = (verdict: AddressVerdict, o: { submitted: boolean; blockedLookalike: boolean }): string | null => {
    switch (verdict.kind) {
      case 'empty':
        return o.submitted ? t`Enter the receiving address.` : null;
      case 'invalid':
        return t`This is not a valid Tron address: the checksum does not match. Check it character by character.`;
      case 'contract':
        return t`This is a token contract address, not a wallet: anything sent to it is lost.`;
      case 'own':
        return t`This is one of your own addresses. Enter the address of the wallet you are sending to.`;
      case 'valid':
        return o.blockedLookalike
          ? t`Blocked: this address looks like one you sent to before but differs in the middle. It may be an address-poisoning scam.`
          : null;
    }
  };
  return { amountText, addressText };
}
