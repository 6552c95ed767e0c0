/** One passkey in the list: its name, when it was added and last used, and rename and remove. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { removePasskey, renamePasskey } from '../../../api/passkeys';
import { queryKeys } from '../../../api/query-keys';
import { PASSKEY_NAME_MAX, type Passkey } from '../../../contract/passkeys';
import { errorMessage } from '../../../session/error-messages';
import { refreshMemberInfo } from '../../../session/member-info';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { TextField } from '../../../ui/field';
import { FormAlert } from '../../../ui/form-alert';
import { showToast } from '../../../ui/toast';
import { useDateTime } from '../../../ui/use-date-time';

export function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useLingui();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'rename' | 'remove' | null>(null);
  const [newName, setNewName] = useState(passkey.name);
  const close = () => setDialog(null);

  const rename = useMutation({
    mutationFn: () => renamePasskey({ id: passkey.id, name: newName.trim() }),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
      close();
    },
  });
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.id),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.passkeys });
      await refreshMemberInfo(queryClient).catch(() => undefined);
      void showToast(t`Passkey removed. Also delete it from your device's password manager.`, 'success');
      close();
    },
  });

  const name = passkey.name;
  const added = when(passkey.createdAt);
  const used = passkey.lastUsedAt ? when(passkey.lastUsedAt) : null;
  return (
    <li className="passkey-row card">
      <div className="passkey-row__text">
        <p className="passkey-row__name">
          <bdi>{passkey.name}</bdi>
          {passkey.synced && (
            <span className="tag">
              <Trans>Synced</Trans>
            </span>
          )}
        </p>
        <p className="muted">
          <Trans>Added {added}</Trans>
        </p>
        <p className="muted">{used ? <Trans>Last used {used}</Trans> : <Trans>Never used yet</Trans>}</p>
      </div>
      <div className="passkey-row__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-label={t`Rename ${name}`}
          onClick={() => {
            setNewName(passkey.name);
            rename.reset();
            setDialog('rename');
          }}
        >
          <Trans>Rename</Trans>
        </button>
        <button
          type="button"
          className="button button--danger-outline"
          aria-label={t`Remove ${name}`}
          onClick={() => {
            remove.reset();
            setDialog('remove');
          }}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={dialog === 'rename'}
        title={t`Rename passkey`}
        confirmLabel={t`Save`}
        pending={rename.isPending}
        onClose={close}
        onConfirm={() => {
          if (newName.trim()) rename.mutate();
        }}
      >
        <TextField
          label={t`Name`}
          value={newName}
          onValueChange={setNewName}
          maxLength={PASSKEY_NAME_MAX}
          error={newName.trim() ? null : t`Give the passkey a name.`}
          autoComplete="off"
          data-autofocus
        />
        <FormAlert message={rename.isError && errorMessage(rename.error)} />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'remove'}
        title={t`Remove this passkey?`}
        confirmLabel={t`Remove`}
        danger
        pending={remove.isPending}
        onClose={close}
        onConfirm={() => remove.mutate()}
      >
        <p>
          <Trans>
            You will no longer be able to log in with “{name}”. To protect your funds, withdrawals are held for a while after a
            passkey is removed.
          </Trans>
        </p>
        <FormAlert message={remove.isError && errorMessage(remove.error)} />
      </ConfirmDialog>
    </li>
  );
}
