/** Renames a saved address (its address never changes: remove it and save another). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { renameContact } from '../../api/contacts';
import { queryKeys } from '../../api/query-keys';
import type { Contact } from '../../contract/contacts';
import { errorMessage } from '../../session/error-messages';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { LABEL_MAX } from './add-contact-form';

export function RenameDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setLabel(contact?.label ?? '');
    setError(null);
  }, [contact]);
  const rename = useMutation({
    mutationFn: () => renameContact(contact?.id ?? '', label.trim()),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = label.trim();
    if (text === '') setError(t`Enter a name`);
    else if ([...text].length > LABEL_MAX) setError(t`At most 40 characters`);
    else rename.mutate();
  };
  return (
    <Dialog open={contact !== null} onClose={onClose} title={t`Rename`} variant="center">
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label={t`Name`} value={label} onValueChange={setLabel} autoComplete="off" error={error} />
        <button type="submit" className="button button--block" disabled={rename.isPending}>
          <Trans>Save</Trans>
        </button>
      </form>
    </Dialog>
  );
}
