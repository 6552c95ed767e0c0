/** What the chosen channel means for this transfer: the balance, the fee, the limits, the arrival time. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAppStore } from '../../../session/store';
import { Amount } from '../../../ui/amount';
import { AmountRange } from '../../../ui/amount-text';

interface Props {
  balance: string;
  currency: string;
  precision: number;
  rules: { fee: string; minAmount: string; maxAmount: string } | null;
  arrivalMinutes: number | undefined;
}

export function ChannelFacts({ balance, currency, precision, rules, arrivalMinutes }: Props) {
  const { t } = useLingui();
  // "Hide balances" on home hides what the user holds everywhere, here too.
  const hidden = useAppStore((s) => !s.isShowAmount);
  return (
    <dl className="transfer__facts">
      <div>
        <dt>{t`Available`}</dt>
        <dd data-testid="available">
          <Amount value={balance} places={precision} symbol={currency} hidden={hidden} />
        </dd>
      </div>
      <div>
        <dt>{t`Fee`}</dt>
        <dd>{rules && <Amount value={rules.fee} places={precision} symbol={currency} />}</dd>
      </div>
      <div>
        <dt>{t`Limits`}</dt>
        <dd>{rules && <AmountRange min={rules.minAmount} max={rules.maxAmount} places={precision} symbol={currency} />}</dd>
      </div>
      {arrivalMinutes !== undefined && (
        <div>
          <dt>{t`Arrival`}</dt>
          <dd>{t`about ${plural(arrivalMinutes, { one: '# minute', other: '# minutes' })}`}</dd>
        </div>
      )}
    </dl>
  );
}
