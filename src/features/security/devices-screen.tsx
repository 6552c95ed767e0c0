/**
 * Signed-in devices: each session's browser and system, the address range it signed in from and
 * when it was last seen, this one marked. Any other can be signed out, or all of them at once;
 * they are out on the next request they make.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { sessionsQueryOptions, signOutOtherSessions } from '../../api/sessions';
import { errorMessage } from '../../session/error-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert } from '../../ui/form-alert';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { SessionRow } from './components/session-row';
import './security.css';

export function DevicesScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(sessionsQueryOptions());
  const [confirmAll, setConfirmAll] = useState(false);
  const others = list.data?.filter((s) => !s.current) ?? [];

  const signOutAll = useMutation({
    mutationFn: () => signOutOtherSessions(),
    meta: { inlineErrors: true },
    onSuccess: async ({ signedOut }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      setConfirmAll(false);
      void showToast(plural(signedOut, { one: 'Signed out # other device.', other: 'Signed out # other devices.' }), 'success');
    },
  });

  return (
    <Page title={t`Devices`} backTo="/pages/my/index">
      <p className="muted">
        <Trans>
          These devices are signed in to your account. If you do not recognise one, sign it out and change your password.
        </Trans>
      </p>
      {list.isPending ? (
        <SkeletonRows rows={3} />
      ) : list.isError ? (
        <LoadError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ul className="passkey-list">
            {list.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others.length > 0 && (
            <button type="button" className="button button--danger-outline button--block" onClick={() => setConfirmAll(true)}>
              <Trans>Sign out all other devices</Trans>
            </button>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirmAll}
        title={t`Sign out all other devices?`}
        confirmLabel={t`Sign out`}
        danger
        pending={signOutAll.isPending}
        onClose={() => setConfirmAll(false)}
        onConfirm={() => signOutAll.mutate()}
      >
        <p>
          <Trans>Every other device will need your password or a passkey to sign in again. This one stays signed in.</Trans>
        </p>
        <FormAlert message={signOutAll.isError && errorMessage(signOutAll.error)} />
      </ConfirmDialog>
    </Page>
  );
}
