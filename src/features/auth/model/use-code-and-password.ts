/**
 * What register and forgot-password share: who the account is, the code that proves it and a new
 * password twice — their state, their rules and the body they send. The passwords are component
 * state only, cleared on success, never saved.
 */
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { validateCode, validateNewPassword } from '../../../lib/forms/credentials';
import { errorMessage } from '../../../session/error-messages';
import { type AccountInput, accountBody, emptyAccount, validateAccount } from './account';
import { useDefaultAreaCode } from './use-default-area-code';
import { type CodeScene, type SentCode, useSendCode } from './use-send-code';

/** Where a form resumes (register keeps a draft while the user reads the terms). */
export interface CodeAndPasswordDraft {
  account: AccountInput | null;
  code: string;
  lastSent: SentCode | null;
}

export function useCodeAndPassword(scene: CodeScene, draft?: CodeAndPasswordDraft | null) {
  const defaultAreaCode = useDefaultAreaCode();
  const [account, setAccount] = useState<AccountInput | null>(draft?.account ?? null);
  const current = account ?? emptyAccount('phone', defaultAreaCode);
  const [code, setCode] = useState(draft?.code ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const sender = useSendCode(scene, current, draft?.lastSent);
  const passwordErrors = validateNewPassword(password, confirm);

  return {
    /** The account as typed; null until the user touches it (the default area code may still load). */
    account,
    current,
    setAccount,
    code,
    setCode,
    password,
    setPassword,
    confirm,
    setConfirm,
    sender,
    /** This part's rules, to merge with the form's own before `compactErrors`. */
    errors: {
      ...validateAccount(current),
      code: validateCode(code),
      password: passwordErrors.password,
      confirm: passwordErrors.confirm,
    },
    body: () => ({ ...accountBody(current), code, password }),
    forgetPasswords: () => {
      setPassword('');
      setConfirm('');
    },
  };
}

export type CodeAndPassword = ReturnType<typeof useCodeAndPassword>;

/** A server refusal placed at the field it concerns: `at(field)` is its message there, or null. */
export function refusalOf<F extends string>(error: ApiError | null, fieldOf: (error: ApiError) => F) {
  const refused = error ? fieldOf(error) : null;
  return { refused, at: (field: F) => (error && refused === field ? errorMessage(error) : null) };
}
