/** The transfer form's translated field errors: the amount's rule and the destination's verdict. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatAmountText } from '../../../ui/amount-text';
import type { AddressVerdict } from './address-checks';
import type { AmountProblem, AmountRules } from './amount-checks';

export function useFieldMessages(rules: AmountRules | null, cur: string) {
  const { t, i18n } = useLingui();
  // Amounts go into sentences formatted and isolated with their unit (digits of the locale, and in
  // right-to-left text the number stays beside its unit).
  const amount = (value: string | undefined) => formatAmountText(value ?? '0', rules?.precision ?? 6, cur, i18n.locale);
  const amountText = (p: AmountProblem): string => {
    switch (p) {
      case 'required':
        return t`Enter an amount.`;
      case 'format':
        return t`Enter a valid amount, for example 12.5.`;
      case 'decimals':
        return t`At most ${plural(rules?.precision ?? 0, { one: '# decimal place', other: '# decimal places' })} for ${cur}.`;
      case 'belowMin':
        return t`The transfer amount is below the minimum limit (${amount(rules?.minAmount)}).`;
      case 'aboveMax':
        return t`The transfer amount exceeds the maximum limit (${amount(rules?.maxAmount)}).`;
      case 'insufficient':
        return t`Insufficient balance: the amount plus the ${amount(rules?.fee)} fee is more than you have.`;
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
