/** The three steps of binding an authenticator; each step's heading takes focus as it opens. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { bindAuthenticator, getPendingAuthenticatorSecret } from '../../../api/authenticator';
import type { ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ErrorCode } from '../../../contract/errors';
import { readClipboard } from '../../../lib/clipboard/clipboard';
import { credentialErrorText } from '../../../lib/forms/credential-messages';
import { compactErrors, digitsOnly, validateCode, validateCurrentPassword } from '../../../lib/forms/credentials';
import { useValidatedSubmit } from '../../../lib/forms/use-validated-submit';
import { errorMessage } from '../../../session/error-messages';
import { refreshMemberInfo } from '../../../session/member-info';
import { CopyButton } from '../../../ui/copy-button';
import { TextField } from '../../../ui/field';
import { FormAlert } from '../../../ui/form-alert';
import { QrImage } from '../../../ui/qr-image';
import { showToast } from '../../../ui/toast';
import { LoginPasswordInput } from './login-password-input';
import { SecondFactorField } from './second-factor-field';

/** Google Authenticator in the two stores (any TOTP app works; these are the ones SPEC §2 names). */
export const AUTHENTICATOR_APPS = {
  ios: 'https://apps.apple.com/app/google-authenticator/id388497605',
  android: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
} as const;

type Step = 1 | 2 | 3;
interface PendingKey {
  secret: string;
  otpauthUri: string;
}

/** `move`: an authenticator is bound and a new one replaces it (the old one proves the move). */
export function BindingWizard({ move = false, onDone }: { move?: boolean; onDone?: () => void }) {
  const { t } = useLingui();
  const [step, setStep] = useState<Step>(1);
  const [key, setKey] = useState<PendingKey | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const go = (next: Step) => {
    flushSync(() => setStep(next));
    headingRef.current?.focus();
  };

  const titles: Record<Step, string> = {
    1: t`Install an authenticator app`,
    2: t`Save your key`,
    3: t`Confirm the binding`,
  };
  return (
    <div className="stack">
      <ol className="steps" aria-label={t`Steps`}>
        {([1, 2, 3] as const).map((n) => (
          <li key={n} className="steps__item" aria-current={n === step ? 'step' : undefined} data-done={n < step || undefined}>
            <span className="steps__number" aria-hidden="true">
              {n}
            </span>
            <span className="visually-hidden">{t`Step ${n} of 3:`}</span> {titles[n]}
          </li>
        ))}
      </ol>
      <section className="card stack" aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
          {titles[step]}
        </h2>
        {step === 1 && <DownloadStep onNext={() => go(2)} />}
        {step === 2 && <KeyStep move={move} pendingKey={key} onKey={setKey} onNext={() => go(3)} />}
        {step === 3 && (
          <ConfirmStep
            move={move}
            onBack={() => go(2)}
            onBound={() => {
              setKey(null);
              onDone?.();
            }}
          />
        )}
      </section>
    </div>
  );
}

function DownloadStep({ onNext }: { onNext: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <p>
        <Trans>
          Install Google Authenticator (or another authenticator app) on your phone. It makes a new 6-digit code every 30 seconds,
          which protects your transfers even if your password leaks.
        </Trans>
      </p>
      <div className="store-links">
        <a className="button button--secondary" href={AUTHENTICATOR_APPS.ios} target="_blank" rel="noopener noreferrer">
          {t`App Store (iPhone)`}
        </a>
        <a className="button button--secondary" href={AUTHENTICATOR_APPS.android} target="_blank" rel="noopener noreferrer">
          {t`Google Play (Android)`}
        </a>
      </div>
      <button type="button" className="button button--block" onClick={onNext}>
        {t`I have the app — next`}
      </button>
    </>
  );
}

function KeyStep({
  move,
  pendingKey,
  onKey,
  onNext,
}: {
  move: boolean;
  pendingKey: PendingKey | null;
  onKey: (k: PendingKey) => void;
  onNext: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const reveal = useMutation<PendingKey, ApiError, string>({
    mutationFn: (loginPassword) => getPendingAuthenticatorSecret({ loginPassword, ...(move ? { currentCode } : {}) }),
    meta: { inlineErrors: true },
    onSuccess: (pending) => {
      setPassword('');
      setCurrentCode('');
      onKey(pending);
      // The mutation cache must not keep the key around after this screen.
      reveal.reset();
    },
    onError: (error) => {
      if (error.code === ErrorCode.GOOGLE_ALREADY_BOUND) void refreshMemberInfo(queryClient).catch(() => undefined);
      if (error.code === ErrorCode.GOOGLE_CODE_WRONG) setCurrentCode('');
    },
  });
  const errors = compactErrors({
    password: validateCurrentPassword(password),
    currentCode: move ? validateCode(currentCode) : undefined,
  });
  const { shown, submit } = useValidatedSubmit(errors, {
    pending: reveal.isPending,
    send: () => reveal.mutate(password),
  });

  if (pendingKey) {
    return (
      <>
        <p>
          <Trans>
            In the app, add an account and scan this QR code, or type the key below. Write the key down and keep it offline: it
            restores your codes on a new phone.
          </Trans>
        </p>
        <div className="qr-box">
          <QrImage value={pendingKey.otpauthUri} label={t`QR code of your authenticator key`} />
        </div>
        <div className="secret-key">
          <span className="field__label">
            <Trans>Key</Trans>
          </span>
          <div className="secret-key__row">
            <code className="secret-key__value" dir="ltr" data-testid="authenticator-key">
              {pendingKey.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
            <CopyButton text={pendingKey.secret} label={t`Copy key`} />
          </div>
        </div>
        <button type="button" className="button button--block" onClick={onNext}>
          {t`I have saved the key — next`}
        </button>
      </>
    );
  }

  const codeRefused = reveal.error?.code === ErrorCode.GOOGLE_CODE_WRONG;
  const otherError =
    reveal.error && !codeRefused && reveal.error.code !== ErrorCode.INVALID_CREDENTIALS ? errorMessage(reveal.error) : null;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>
        {move ? (
          <Trans>
            For your safety, enter your login password and a code from the authenticator you use now. It keeps working until the
            new one is bound.
          </Trans>
        ) : (
          <Trans>For your safety, enter your login password to show a new key.</Trans>
        )}
      </p>
      <LoginPasswordInput
        value={password}
        onChange={setPassword}
        invalid={shown.password}
        refused={reveal.error?.code === ErrorCode.INVALID_CREDENTIALS}
        disabled={reveal.isPending}
      />
      {move && (
        <SecondFactorField
          sent={null}
          label={t`Code from your current authenticator`}
          value={currentCode}
          onChange={(v) => {
            setCurrentCode(v);
            if (codeRefused) reveal.reset();
          }}
          invalid={shown.currentCode}
          refused={codeRefused && reveal.error ? errorMessage(reveal.error) : null}
          disabled={reveal.isPending}
        />
      )}
      <FormAlert message={otherError} />
      <button type="submit" className="button button--block" disabled={reveal.isPending}>
        {reveal.isPending ? t`Checking…` : t`Show key`}
      </button>
    </form>
  );
}

function ConfirmStep({ move, onBack, onBound }: { move: boolean; onBack: () => void; onBound: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const bind = useMutation<unknown, ApiError, string>({
    mutationFn: (value) => bindAuthenticator({ code: value }),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      onBound();
      queryClient.removeQueries({ queryKey: queryKeys.authenticator.status });
      await refreshMemberInfo(queryClient).catch(() => undefined);
      void showToast(move ? t`Authenticator moved. Codes from the old one no longer work.` : t`Authenticator bound.`, 'success');
    },
  });
  const { shown, submit } = useValidatedSubmit(compactErrors({ code: validateCode(code) }), {
    pending: bind.isPending,
    send: () => bind.mutate(code),
  });
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>
        <Trans>Enter the 6-digit code the app now shows for this account.</Trans>
      </p>
      <TextField
        label={t`Authenticator code`}
        value={code}
        onValueChange={(v) => {
          setCode(digitsOnly(v));
          if (bind.isError) bind.reset();
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={credentialErrorText(shown.code) ?? (bind.error ? errorMessage(bind.error) : null)}
        disabled={bind.isPending}
        end={
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              const text = await readClipboard();
              if (text) setCode(digitsOnly(text));
            }}
            disabled={bind.isPending}
          >
            {t`Paste`}
          </button>
        }
      />
      <div className="row">
        <button type="button" className="button button--secondary spacer" onClick={onBack} disabled={bind.isPending}>
          {t`Back`}
        </button>
        <button type="submit" className="button spacer" disabled={bind.isPending}>
          {bind.isPending ? t`Checking…` : t`Bind`}
        </button>
      </div>
    </form>
  );
}
