/**
 * My → Address book: named addresses kept on the server (they follow the user to a new phone),
 * offered in Transfer, and the withdrawal allowlist built on them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { contactsQueryOptions, removeContact } from '../../api/contacts';
import { queryKeys } from '../../api/query-keys';
import type { Contact } from '../../contract/contacts';
import { errorMessage } from '../../session/error-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SkeletonRows } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { useDateTime } from '../../ui/use-date-time';
import { AddContactForm } from './add-contact-form';
import { AllowlistSetting } from './allowlist-setting';
import { RenameDialog } from './rename-dialog';
import './address-book.css';
import { refreshNow } from '../../session/online';

export function AddressBookScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(contactsQueryOptions());
  const [toRemove, setToRemove] = useState<Contact | null>(null);
  const [toRename, setToRename] = useState<Contact | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => removeContact(id),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      setToRemove(null);
      void showToast(t`Removed`, 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
    },
    onError: (error) => void showToast(errorMessage(error), 'error'),
  });

  return (
    <Page title={t`Address book`} backTo="/pages/my/index">
      <PullToRefresh onRefresh={() => refreshNow(() => query.refetch())}>
        {query.isPending ? (
          <SkeletonRows rows={3} height={76} />
        ) : query.isError && !query.data ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <div className="stack">
            <AllowlistSetting allowlist={query.data.allowlist} />
            <AddContactForm />
            {query.data.contacts.length === 0 ? (
              <p className="empty-state">
                <Trans>No saved addresses yet.</Trans>
              </p>
            ) : (
              <ul className="stack contact-list" aria-label={t`Saved addresses`}>
                {query.data.contacts.map((contact) => (
                  <ContactRow
                    key={contact.id}
                    contact={contact}
                    onRename={() => setToRename(contact)}
                    onRemove={() => setToRemove(contact)}
                  />
                ))}
              </ul>
            )}
          </div>
        )}
      </PullToRefresh>
      <RenameDialog contact={toRename} onClose={() => setToRename(null)} />
      <ConfirmDialog
        open={toRemove !== null}
        title={t`Remove this address?`}
        confirmLabel={t`Remove`}
        danger
        pending={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove.id)}
        onClose={() => setToRemove(null)}
      >
        <p>
          <Trans>
            {toRemove?.label} will no longer be offered in Transfer. Saved again later, it waits another day before the allowlist
            lets withdrawals go there.
          </Trans>
        </p>
      </ConfirmDialog>
    </Page>
  );
}

function ContactRow({ contact, onRename, onRemove }: { contact: Contact; onRename: () => void; onRemove: () => void }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const pending = new Date(contact.usableAt).getTime() > Date.now();
  const usableAt = dateTime(contact.usableAt);
  return (
    <li className="card contact-row" data-testid="contact-row">
      <div className="contact-row__head">
        <p className="contact-row__label">
          <bdi>{contact.label}</bdi>
          <span className="tag">{contact.network}</span>
        </p>
        <CopyButton text={contact.address} label={t`Copy address of ${contact.label}`} />
      </div>
      <p className="contact-row__address" dir="ltr">
        {contact.address.match(/.{1,4}/g)?.join(' ')}
      </p>
      {pending && (
        <p className="contact-row__pending">
          <Trans>Allowlisted withdrawals can go here from {usableAt}.</Trans>
        </p>
      )}
      <div className="contact-row__actions">
        <Link className="link-button" to="/pages/index/transfer" search={{ address: contact.address }}>
          <Trans>Send</Trans>
        </Link>
        <button type="button" className="link-button" onClick={onRename}>
          <Trans>Rename</Trans>
        </button>
        <button type="button" className="link-button contact-row__remove" onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}
