/** The address book in Transfer: which contact an address is, and whether the allowlist lets it through. */
import type { Contact, ContactBook } from '../../../contract/contacts';

export function matchContact(contacts: readonly Contact[], address: string, network: string | undefined): Contact | null {
  const a = address.trim();
  return contacts.find((c) => c.address === a && c.network === network) ?? null;
}

/** `ok`, or why a withdrawal there would be refused while the allowlist is on (the server checks it too). */
export function allowlistVerdict(
  book: ContactBook | undefined,
  address: string,
  network: string | undefined,
  now = Date.now(),
): 'ok' | 'not-saved' | 'not-yet' {
  if (!book?.allowlist.on) return 'ok';
  const contact = matchContact(book.contacts, address, network);
  if (!contact) return 'not-saved';
  return new Date(contact.usableAt).getTime() <= now ? 'ok' : 'not-yet';
}
