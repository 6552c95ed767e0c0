/** Phone-or-e-mail identity fields, switchable, with the area-code picker for phones. */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { TextField } from '../../../ui/field';
import type { AccountError, AccountInput } from '../model/account';
import { useAuthErrorText } from '../model/use-error-text';

/** The picker (a dialog over the country list) loads on first use: the login page paints without it. */
const loadPicker = () => import('./area-code-picker');
const AreaCodePicker = lazy(() => loadPicker().then((m) => ({ default: m.AreaCodePicker })));

interface Props {
  value: AccountInput;
  onChange: (value: AccountInput) => void;
  errors: Partial<Record<'areaCode' | 'phone' | 'email', AccountError>>;
  /** A refusal from the server about this account ("already registered"), shown when no rule failed. */
  serverError?: string | null;
  /** What the phone/e-mail switch is for ("Sign in with", "Register with"). */
  legend?: string;
  disabled?: boolean;
  /** The browser may offer this site's passkeys in the field's suggestions (login only). */
  passkeyAutofill?: boolean;
}

export function AccountFields({ value, onChange, errors, serverError, legend, disabled, passkeyAutofill }: Props) {
  const { t } = useLingui();
  const errorText = useAuthErrorText();
  const [picking, setPicking] = useState(false);
  // Stays mounted once opened, so closing runs the dialog's own close (focus returns to the button).
  const [pickerMounted, setPickerMounted] = useState(false);
  const autoComplete = passkeyAutofill ? 'username webauthn' : 'username';
  const openPicker = () => {
    setPickerMounted(true);
    setPicking(true);
  };
  return (
    <>
      <fieldset className="segmented" disabled={disabled}>
        <legend className="visually-hidden">{legend ?? t`Sign in with`}</legend>
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
          error={errorText(errors.phone) ?? errorText(errors.areaCode) ?? serverError}
          type="tel"
          inputMode="numeric"
          autoComplete={autoComplete}
          maxLength={20}
          disabled={disabled}
          start={
            <button
              type="button"
              className="area-code-button ltr-isolate"
              onClick={openPicker}
              onFocus={() => void loadPicker()}
              onPointerEnter={() => void loadPicker()}
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
          error={errorText(errors.email) ?? serverError}
          type="email"
          inputMode="email"
          autoComplete={autoComplete}
          maxLength={254}
          disabled={disabled}
        />
      )}
      {pickerMounted && (
        <Suspense fallback={null}>
          <AreaCodePicker
            open={picking}
            selected={value.areaCode}
            selectedIso={value.countryIso}
            onClose={() => setPicking(false)}
            onSelect={(country) => {
              onChange({ ...value, areaCode: country.areaCode, countryIso: country.iso });
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
