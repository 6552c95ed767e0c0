/** Phone-or-e-mail identity fields, switchable, with the area-code picker for phones. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TextField } from '../../../ui/field';
import type { AccountError, AccountInput } from '../model/account';
import { useAuthErrorText } from '../model/use-error-text';
import { AreaCodePicker } from './area-code-picker';

interface Props {
  value: AccountInput;
  onChange: (value: AccountInput) => void;
  errors: Partial<Record<'areaCode' | 'phone' | 'email', AccountError>>;
  disabled?: boolean;
}

export function AccountFields({ value, onChange, errors, disabled }: Props) {
  const { t } = useLingui();
  const errorText = useAuthErrorText();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <fieldset className="segmented" disabled={disabled}>
        <legend className="visually-hidden">{t`Sign in with`}</legend>
        <button type="button" aria-pressed={value.type === 'phone'} onClick={() => onChange({ ...value, type: 'phone' })}>
          {t`Phone`}
        </button>
        <button type="button" aria-pressed={value.type === 'email'} onClick={() => onChange({ ...value, type: 'email' })}>
          {t`E-mail`}
        </button>
      </fieldset>
      {value.type === 'phone' ? (
        <TextField
          label={t`Phone number`}
          value={value.phone}
          onValueChange={(phone) => onChange({ ...value, phone })}
          error={errorText(errors.phone) ?? errorText(errors.areaCode)}
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          maxLength={20}
          disabled={disabled}
          start={
            <button
              type="button"
              className="area-code-button ltr-isolate"
              onClick={() => setPicking(true)}
              aria-label={value.areaCode ? t`Area code +${value.areaCode}, change` : t`Select area code`}
              disabled={disabled}
            >
              {value.areaCode ? `+${value.areaCode}` : t`Code`}
            </button>
          }
        />
      ) : (
        <TextField
          label={t`E-mail`}
          value={value.email}
          onValueChange={(email) => onChange({ ...value, email })}
          error={errorText(errors.email)}
          type="email"
          inputMode="email"
          autoComplete="username"
          maxLength={254}
          disabled={disabled}
        />
      )}
      <AreaCodePicker
        open={picking}
        selected={value.areaCode}
        onClose={() => setPicking(false)}
        onSelect={(country) => {
          onChange({ ...value, areaCode: country.areaCode });
          setPicking(false);
        }}
      />
    </>
  );
}
