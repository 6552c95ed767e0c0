/** One signed-in device: what it is, where from, when last seen; this one marked, others can be signed out. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { signOutSession } from '../../../api/sessions';
import type { SignedInSession } from '../../../contract/sessions';
import { errorMessage } from '../../../session/error-messages';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormAlert } from '../../../ui/form-alert';
import { useDateTime } from '../../../ui/use-date-time';

export function SessionRow({ session }: { session: SignedInSession }) {
  const { t } = useLingui();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const name = session.device ?? t`Unknown device`;
  const signOut = useMutation({
    mutationFn: () => signOutSession(session.id),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      setConfirm(false);
    },
  });
  const seen = when(session.lastSeenAt);
  const since = when(session.createdAt);
  const range = session.ipRange;
  return (
    <li className="passkey-row card">
      <div className="passkey-row__text">
        <p className="passkey-row__name">
          <bdi>{name}</bdi>
          {session.current && (
            <span className="tag">
              <Trans>This device</Trans>
            </span>
          )}
        </p>
        {session.ipRange && (
          <p className="muted">
            <Trans>
              Network <bdi className="ltr-isolate">{range}</bdi>
            </Trans>
          </p>
        )}
        <p className="muted">{session.current ? <Trans>Signed in {since}</Trans> : <Trans>Last seen {seen}</Trans>}</p>
      </div>
      {!session.current && (
        <div className="passkey-row__actions">
          <button
            type="button"
            className="button button--danger-outline"
            aria-label={t`Sign out ${name}, last seen ${seen}`}
            onClick={() => {
              signOut.reset();
              setConfirm(true);
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        title={t`Sign out this device?`}
        confirmLabel={t`Sign out`}
        danger
        pending={signOut.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => signOut.mutate()}
      >
        <p>
          <Trans>“{name}” will need your password or a passkey to sign in again.</Trans>
        </p>
        <FormAlert message={signOut.isError && errorMessage(signOut.error)} />
      </ConfirmDialog>
    </li>
  );
}
