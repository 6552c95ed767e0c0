/**
 * The amount rules of SPEC §5 for one channel, all in exact decimals (lib/money): at most the
 * channel's precision, within [min, max], and amount + fee within the spendable balance.
 */
import { isAmountDraft, isValidAmountInput } from '../../../lib/money/amount-input';
import { add, compare, formatAmountFloor, sub } from '../../../lib/money/money';

export interface AmountRules {
  minAmount: string;
  maxAmount: string;
  fee: string;
  precision: number;
  /** Spendable balance of the channel's currency. */
  balance: string;
}

export type AmountProblem = 'required' | 'format' | 'decimals' | 'belowMin' | 'aboveMax' | 'insufficient';

const DECIMALS_CAP = 18;

/** What is wrong with `text`, or null when it may be sent. */
export function checkAmount(text: string, rules: AmountRules): AmountProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!isValidAmountInput(value, DECIMALS_CAP)) return 'format';
  if (!isValidAmountInput(value, rules.precision)) return 'decimals';
  if (compare(value, rules.minAmount) < 0) return 'belowMin';
  if (compare(value, rules.maxAmount) > 0) return 'aboveMax';
  if (compare(add(value, rules.fee), rules.balance) > 0) return 'insufficient';
  return null;
}

/** May the field hold `text` while typing (digits and one dot; extra decimals are let through so the user sees why). */
export const isTypingAllowed = (text: string): boolean => isAmountDraft(text, DECIMALS_CAP);

/** Max = balance − fee, capped at the channel maximum, floored to precision; "0" when the fee eats it all. */
export function maxSendable(rules: AmountRules): string {
  const afterFee = sub(rules.balance, rules.fee);
  if (compare(afterFee, '0') <= 0) return '0';
  const capped = compare(afterFee, rules.maxAmount) > 0 ? rules.maxAmount : afterFee;
  return formatAmountFloor(capped, rules.precision);
}

/** What leaves the balance: amount + fee. */
export const totalDebit = (amount: string, fee: string): string => add(amount, fee);
