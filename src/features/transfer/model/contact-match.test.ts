import { describe, expect, it } from 'vitest';
import type { Contact, ContactBook } from '../../../contract/contacts';
import { allowlistVerdict, matchContact } from './contact-match';

const A = 'TDbZBSimmLwqwJ7fPac6SydGB8uEJ6b6hh';
const B = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const now = Date.parse('2026-11-26T12:00:00Z');
const contact = (address: string, usableAt: string, network = 'TRC20'): Contact => ({
  id: address.slice(-3),
  label: `c-${address.slice(-3)}`,
  address,
  network,
  createdAt: '2026-11-25T12:00:00Z',
  usableAt,
});
const book = (on: boolean, contacts: Contact[]): ContactBook => ({ allowlist: { on, offAt: null }, contacts });

describe('contacts in Transfer', () => {
  it('matches an address on the same network only, ignoring surrounding spaces', () => {
    const list = [contact(A, '2026-11-26T00:00:00Z')];
    expect(matchContact(list, ` ${A} `, 'TRC20')?.label).toBe('c-6hh');
    expect(matchContact(list, A, 'ERC20')).toBeNull();
    expect(matchContact(list, B, 'TRC20')).toBeNull();
  });

  it('lets anything through with the allowlist off, only usable contacts with it on', () => {
    const contacts = [contact(A, '2026-11-26T11:59:59Z'), contact(B, '2026-11-26T12:00:01Z')];
    expect(allowlistVerdict(book(false, []), A, 'TRC20', now)).toBe('ok');
    expect(allowlistVerdict(undefined, A, 'TRC20', now)).toBe('ok');
    expect(allowlistVerdict(book(true, contacts), A, 'TRC20', now)).toBe('ok');
    expect(allowlistVerdict(book(true, contacts), B, 'TRC20', now)).toBe('not-yet');
    expect(allowlistVerdict(book(true, contacts.slice(0, 1)), B, 'TRC20', now)).toBe('not-saved');
  });
});
