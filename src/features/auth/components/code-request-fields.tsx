/**
 * Who the account is, plus the code that proves it: the identity fields and the verification code
 * with its send button. Sending checks the identity
 * rules first, so a bad phone number or e-mail never reaches the server.
 */
import { type MouseEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { focusFirstInvalid } from '../../../lib/forms/focus';
import { type AccountInput, validateAccount } from '../model/account';
import type { SendCode } from '../model/use-send-code';
import { AccountFields } from './account-fields';
import { VerificationCodeField } from './verification-code-field';

interface Props {
  account: AccountInput;
  onAccountChange: (account: AccountInput) => void;
  code: string;
  onCodeChange: (code: string) => void;
  sender: SendCode;
  /** Show the identity rules' errors (after a submit attempt). */
  showErrors: boolean;
  /** The form's own error for the account (a refused submit) and for the code. */
  accountError: string | null;
  codeError: string | null;
  legend: string;
  disabled?: boolean;
}

export function CodeRequestFields({
  account,
  onAccountChange,
  code,
  onCodeChange,
  sender,
  showErrors,
  accountError,
  codeError,
  legend,
  disabled,
}: Props) {
  const errors = validateAccount(account);
  const [sendTried, setSendTried] = useState(false);

  const onSend = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    flushSync(() => setSendTried(true));
    if (Object.keys(errors).length) focusFirstInvalid(form);
    else sender.send();
  };

  return (
    <>
      <AccountFields
        value={account}
        onChange={(next) => {
          sender.clearError();
          onAccountChange(next);
        }}
        errors={showErrors || sendTried ? errors : {}}
        serverError={accountError ?? sender.errorText('account')}
        legend={legend}
        disabled={disabled}
      />
      <VerificationCodeField
        value={code}
        onChange={onCodeChange}
        sender={sender}
        onSend={onSend}
        error={codeError}
        disabled={disabled}
      />
    </>
  );
}
