/** Lets the user change the USD value under which incoming transfers count as dust ("0" = off). */
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { isValidAmountInput } from '../../lib/money/amount-input';
import { appStore } from '../../session/store';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';

export function DustThresholdDialog({ open, onClose, current }: { open: boolean; onClose: () => void; current: string }) {
  const { t } = useLingui();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const text = value.trim();
    if (text !== '0' && !isValidAmountInput(text, 6)) {
      setError(t`Enter an amount in USD, for example 1 or 0.5 (0 turns the filter off).`);
      return;
    }
    appStore.set({ dustThresholdUsd: text });
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} title={t`Small transfer filter`} variant="center">
      <form className="stack" onSubmit={save} noValidate>
        <p className="muted">
          <Trans>
            Incoming transfers worth less than this are collapsed and greyed: scammers send tiny amounts from lookalike addresses
            hoping you copy them.
          </Trans>
        </p>
        <TextField
          label={t`Threshold (USD)`}
          value={value}
          inputMode="decimal"
          onValueChange={(v) => {
            setValue(v);
            setError(null);
          }}
          error={error}
        />
        <button type="submit" className="button button--block">
          <Trans>Save</Trans>
        </button>
      </form>
    </Dialog>
  );
}
