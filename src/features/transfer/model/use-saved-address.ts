/** The address book in Transfer: the contacts to pick from, the typed address's name, and the allowlist's verdict. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { contactsQueryOptions } from '../../../api/contacts';
import { allowlistVerdict, matchContact } from './contact-match';

/** `valid`: the address passed its checksum (nothing is matched or refused before). */
export function useSavedAddress(address: string, network: string | undefined, valid: boolean) {
  const { t } = useLingui();
  const book = useQuery(contactsQueryOptions());
  const contacts = (book.data?.contacts ?? []).filter((c) => c.network === network);
  const savedAs = valid ? matchContact(contacts, address, network) : null;
  const verdict = valid ? allowlistVerdict(book.data, address, network) : 'ok';
  const allowlistProblem =
    verdict === 'not-saved'
      ? t`The withdrawal allowlist is on: this address is not in your address book.`
      : verdict === 'not-yet'
        ? t`The withdrawal allowlist is on: this address was saved less than a day ago and cannot receive withdrawals yet.`
        : null;
  return { contacts, savedAs, allowlistProblem };
}
