/**
 * The frame both password changes share: their fields, the note that the authenticator will be
 * asked when one is bound, the refusal that belongs to no field, the submit button and the code
 * dialog of `useSecuredChange`.
 */
import { useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../../ui/form-alert';

interface Props {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  authenticatorBound: boolean;
  formError: string | null;
  pending: boolean;
  submitLabel: string;
  dialog: ReactNode;
  children: ReactNode;
}

export function SecuredForm({ onSubmit, authenticatorBound, formError, pending, submitLabel, dialog, children }: Props) {
  const { t } = useLingui();
  return (
    <>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {children}
        {authenticatorBound && <p className="field__hint">{t`You will be asked for the code from your authenticator app.`}</p>}
        <FormAlert message={formError} />
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t`Saving…` : submitLabel}
        </button>
      </form>
      {dialog}
    </>
  );
}
