/**
 * A security change (trade or login password) sent once, with the authenticator code when one is
 * bound (SPEC §6): the code is asked in the shared security sheet, with paste. If the server says a
 * code is needed although we thought none was bound (bound on another device), the member is
 * reloaded and the dialog opens. Success reloads the member everywhere, says so and leaves.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { ErrorCode } from '../../../contract/errors';
import { errorMessage } from '../../../session/error-messages';
import { refreshMemberInfo } from '../../../session/member-info';
import { type SecurityRefusal, SecuritySheet } from '../../../ui/security-sheet';
import { showToast } from '../../../ui/toast';

/** Where a finished security screen returns when it was opened directly (no history to go back to). */
export const SECURITY_HOME = '/pages/my/index';

interface Options {
  authenticatorBound: boolean;
  send: (googleCode: string | undefined) => Promise<unknown>;
  successMessage: string;
}

export function useSecuredChange({ authenticatorBound, send, successMessage }: Options) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [codeError, setCodeError] = useState<SecurityRefusal | null>(null);

  const mutation = useMutation<unknown, ApiError, string | undefined>({
    mutationFn: (googleCode) => send(googleCode),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      setAsking(false);
      await refreshMemberInfo(queryClient).catch(() => undefined);
      void showToast(successMessage, 'success');
      if (router.history.canGoBack()) router.history.back();
      else void navigate({ to: SECURITY_HOME, replace: true });
    },
    onError: (error, googleCode) => {
      if (error.code !== ErrorCode.GOOGLE_CODE_WRONG) {
        setAsking(false);
      } else if (googleCode === undefined) {
        setCodeError(null);
        setAsking(true);
        void refreshMemberInfo(queryClient).catch(() => undefined);
      } else {
        setCodeError({ field: 'authenticator', message: errorMessage(error) });
      }
    },
  });

  /** Call once the form's own rules pass. */
  const submit = () => {
    if (mutation.isPending) return;
    if (authenticatorBound) {
      setCodeError(null);
      setAsking(true);
    } else {
      mutation.mutate(undefined);
    }
  };

  const dialog = (
    <SecuritySheet
      open={asking}
      authenticator
      pending={mutation.isPending}
      refusal={codeError}
      onSubmit={({ googleCode }) => {
        mutation.mutate(googleCode);
      }}
      onClose={() => setAsking(false)}
    />
  );

  /** The refusal to show in the form (authenticator refusals are shown in the dialog). */
  const formError = mutation.error && mutation.error.code !== ErrorCode.GOOGLE_CODE_WRONG ? mutation.error : null;
  return { submit, dialog, pending: mutation.isPending, formError, reset: mutation.reset };
}
