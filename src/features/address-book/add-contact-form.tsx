/** Saves a named address. The network comes from the withdrawal channels (one select when there are several). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { addContact } from '../../api/contacts';
import { withdrawChannelsQueryOptions } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import { isValidTronAddress } from '../../lib/tron/index';
import { errorMessage } from '../../session/error-messages';
import { ADDRESS_INPUT_PROPS, TextField } from '../../ui/field';
import { showToast } from '../../ui/toast';

export const LABEL_MAX = 40;

export function AddContactForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const channels = useQuery(withdrawChannelsQueryOptions());
  const networks = [...new Set((channels.data ?? []).map((c) => c.network))];
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const network = picked ?? networks[0] ?? 'TRC20';
  const save = useMutation({
    mutationFn: () => addContact({ label: label.trim(), address: address.trim(), network }),
    meta: { inlineErrors: true },
    onSuccess: async (contact) => {
      setLabel('');
      setAddress('');
      setSubmitted(false);
      void showToast(t`Saved as ${contact.label}`, 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
    },
    onError: (error) => void showToast(errorMessage(error), 'error'),
  });

  const labelError =
    label.trim() === '' ? t`Enter a name` : [...label.trim()].length > LABEL_MAX ? t`At most 40 characters` : null;
  const addressError =
    address.trim() === ''
      ? t`Enter the address`
      : isValidTronAddress(address.trim())
        ? null
        : t`This is not a valid TRON address. Check it character by character.`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!labelError && !addressError) save.mutate();
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="add-contact-title">
      <h2 id="add-contact-title" className="contact-form__title">
        <Trans>Add an address</Trans>
      </h2>
      <TextField
        label={t`Name`}
        value={label}
        onValueChange={setLabel}
        autoComplete="off"
        maxLength={LABEL_MAX + 10}
        error={submitted ? labelError : null}
      />
      <TextField
        label={t`Address`}
        value={address}
        onValueChange={setAddress}
        placeholder={t`Tron address starting with T`}
        {...ADDRESS_INPUT_PROPS}
        error={submitted || address.trim().length >= 34 ? addressError : null}
      />
      {networks.length > 1 && (
        <label className="field">
          <span className="field__label">{t`Network`}</span>
          <select className="select-input" value={network} onChange={(e) => setPicked(e.target.value)}>
            {networks.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" className="button button--block" disabled={save.isPending}>
        <Trans>Save address</Trans>
      </button>
    </form>
  );
}
