/** The amount to send: decimal typing only (a comma becomes a point), the unit, and Max. */
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../../ui/field';
import { isTypingAllowed } from '../model/amount-checks';

interface Props {
  value: string;
  currency: string;
  error: string | null;
  onChange: (amount: string) => void;
  /** Fills in the most that can be sent (balance − fee, floored to the precision); null while unknown. */
  onMax: (() => void) | null;
}

export function AmountField({ value, currency, error, onChange, onMax }: Props) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Amount`}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      onValueChange={(v) => {
        const text = v.replace(',', '.');
        if (isTypingAllowed(text)) onChange(text);
      }}
      error={error}
      end={
        <>
          <span className="muted">{currency}</span>
          <button type="button" className="link-button" onClick={() => onMax?.()}>
            {t`Max`}
          </button>
        </>
      }
    />
  );
}
