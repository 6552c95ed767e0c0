/** Under the receiving address: the saved name it has, why the allowlist refuses it, and the picker. */
import { Trans } from '@lingui/react/macro';
import type { Contact } from '../../../contract/contacts';
import { ContactPicker } from './contact-picker';

interface Props {
  savedAs: Contact | null;
  allowlistProblem: string | null;
  /** The contacts on the chosen network. */
  contacts: readonly Contact[];
  onPick: (address: string) => void;
}

export function AddressBookHints({ savedAs, allowlistProblem, contacts, onPick }: Props) {
  return (
    <>
      {savedAs && (
        <p className="transfer__contact">
          <Trans>
            Saved as <bdi>{savedAs.label}</bdi>
          </Trans>
        </p>
      )}
      {allowlistProblem && (
        <p className="notice notice--danger" role="alert">
          {allowlistProblem}
        </p>
      )}
      <ContactPicker contacts={contacts} onPick={onPick} />
    </>
  );
}
