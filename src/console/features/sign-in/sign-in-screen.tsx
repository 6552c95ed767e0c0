/**
 * Signing in: e-mail, password and the authenticator's current code, all three every time. Nothing
 * typed here is kept: the fields are cleared of the password and code after each attempt.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { meQueryOptions, signIn } from '../../session/operator';
import { useErrorText } from '../../ui/error-text';

export function SignInScreen() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const operator = await signIn({ email: field('email'), password: String(data.get('password') ?? ''), code: field('code') });
      queryClient.setQueryData(meQueryOptions().queryKey, operator);
      await navigate({ to: '/', replace: true });
    } catch (e) {
      setError(errorText(e));
      for (const name of ['password', 'code']) {
        const input = form.current?.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = '';
      }
      (form.current?.elements.namedItem('password') as HTMLInputElement | null)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in card">
      <h1>
        <Trans>Operator console</Trans>
      </h1>
      <form ref={form} className="stack" onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <label className="field">
          <span>
            <Trans>E-mail</Trans>
          </span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span>
            <Trans>Password</Trans>
          </span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label className="field">
          <span>
            <Trans>Authenticator code</Trans>
          </span>
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            title={t`The 6 digits your authenticator app shows`}
          />
        </label>
        {error && (
          <p id={errorId} className="alert" role="alert">
            {error}
          </p>
        )}
        <button className="btn primary" type="submit" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
      </form>
    </main>
  );
}
