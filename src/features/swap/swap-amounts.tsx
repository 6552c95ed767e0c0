/** The amounts in the token cards: the amount paid (a field, its balance and Max) and the exact amount received. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExchangePair } from '../../contract/exchange';
import { isAmountDraft } from '../../lib/money/amount-input';
import { Amount, formatAmountForLocale } from '../../ui/amount';
import { TextField } from '../../ui/field';

interface PayAmountProps {
  pair: ExchangePair;
  amount: string;
  onAmount: (amount: string) => void;
  error: string | null;
  /** The spendable balance of the token paid; null while unknown. */
  balance: string | null;
  hidden: boolean;
  onMax: () => void;
}

export function PayAmount({ pair, amount, onAmount, error, balance, hidden, onMax }: PayAmountProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <TextField
        label={t`You pay (${pair.fromCurrency})`}
        hideLabel
        value={amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${formatAmountForLocale(pair.minAmount, pair.fromPrecision, i18n.locale)} – ${formatAmountForLocale(pair.maxAmount, pair.fromPrecision, i18n.locale)}`}
        onValueChange={(v) => {
          const text = v.replace(',', '.');
          if (isAmountDraft(text, pair.fromPrecision)) onAmount(text);
        }}
        error={error}
        hint={
          <span className="swap-balance">
            <Trans>
              Available: <Amount value={balance ?? '0'} places={pair.fromPrecision} symbol={pair.fromCurrency} hidden={hidden} />
            </Trans>
          </span>
        }
      />
      <button type="button" className="link-button swap-max" onClick={onMax} disabled={balance === null}>
        <Trans>Max</Trans>
      </button>
    </>
  );
}

interface ReceiveAmountProps {
  pair: ExchangePair;
  /** The exact amount out, or null when nothing can be received. */
  out: string | null;
  /** Why nothing can be received, until the field itself says it; null shows a dash. */
  reason: string | null;
}

export function ReceiveAmount({ pair, out, reason }: ReceiveAmountProps) {
  return (
    <output className="swap-out" aria-live="polite">
      {/* No quote for an amount that cannot be swapped ("0 TSR" read as a real outcome): the reason instead. */}
      {out !== null ? (
        <Amount value={out} places={pair.toPrecision} symbol={pair.toCurrency} />
      ) : reason ? (
        <span className="swap-out__reason">{reason}</span>
      ) : (
        '—'
      )}
    </output>
  );
}
