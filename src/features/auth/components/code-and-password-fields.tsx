/** The account, its verification code and a new password twice: the fields register and reset share. */
import { NewPasswordFields } from '../../../ui/password-field';
import type { CodeAndPassword } from '../model/use-code-and-password';
import type { AuthFormError } from '../model/use-error-text';
import { useAuthErrorText } from '../model/use-error-text';
import { CodeRequestFields } from './code-request-fields';

interface Props {
  form: CodeAndPassword;
  legend: string;
  labels: { password: string; confirm: string };
  /** The rules' errors on show (after a submit attempt). */
  shown: Partial<Record<'code' | 'password' | 'confirm', AuthFormError>>;
  showErrors: boolean;
  /** The server's refusal of the account or the code, if that is what it refused. */
  refused: { account: string | null; code: string | null };
  /** The user edits the account: a refusal of it no longer applies. */
  onAccountEdit: () => void;
  disabled: boolean;
}

export function CodeAndPasswordFields({ form, legend, labels, shown, showErrors, refused, onAccountEdit, disabled }: Props) {
  const errorText = useAuthErrorText();
  return (
    <>
      <CodeRequestFields
        account={form.current}
        onAccountChange={(next) => {
          onAccountEdit();
          form.setAccount(next);
        }}
        code={form.code}
        onCodeChange={form.setCode}
        sender={form.sender}
        showErrors={showErrors}
        accountError={refused.account}
        codeError={errorText(shown.code) ?? refused.code}
        legend={legend}
        disabled={disabled}
      />
      <NewPasswordFields
        labels={labels}
        password={form.password}
        confirm={form.confirm}
        onPasswordChange={form.setPassword}
        onConfirmChange={form.setConfirm}
        errors={{ password: errorText(shown.password), confirm: errorText(shown.confirm) }}
        disabled={disabled}
      />
    </>
  );
}
