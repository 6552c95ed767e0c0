/** Picks the receiving address from the address book: the contacts on the chosen network. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import { Dialog } from '../../../ui/dialog';

interface Props {
  contacts: readonly Contact[];
  onPick: (address: string) => void;
}

export function ContactPicker({ contacts, onPick }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (contacts.length === 0) return null;
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Trans>Choose from address book</Trans>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Address book`}>
        <ul className="contact-picker" aria-label={t`Saved addresses`}>
          {contacts.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="contact-picker__item"
                onClick={() => {
                  onPick(c.address);
                  setOpen(false);
                }}
              >
                <bdi className="contact-picker__label">{c.label}</bdi>
                <span className="contact-picker__address" dir="ltr">
                  {c.address.slice(0, 6)}…{c.address.slice(-6)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
