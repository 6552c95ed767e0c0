/**
 * The labelled address book, kept on the server so it follows the user to a new phone, and the
 * withdrawal allowlist built on it (as large exchanges offer): with the allowlist on, withdrawals go
 * only to saved addresses that have been saved for a day.
 *
 * Everything that loosens the wall waits (`allowlistDelaySeconds`, 24 h): a new contact becomes
 * usable only then, and turning the allowlist off takes effect only then. Whoever holds a stolen
 * session cannot add their own address and withdraw to it at once; the owner gets a push
 * notification about the allowlist change and has the day to react. Tightening is immediate.
 */
import { sql } from 'kysely';
import { isValidTronAddress } from '../../../../src/lib/tron/index';
import { ErrorCode, fail } from '../../common/errors';
import type { Q } from '../../db/schema';
import { refuseLosingDestination } from './destinations';

/** More would be a directory, not an address book; it also bounds what one user can store. */
export const MAX_CONTACTS = 200;

const toContact = (c: { id: number; label: string; address: string; network: string; created_at: Date; usable_at: Date }) => ({
  id: String(c.id),
  label: c.label,
  address: c.address,
  network: c.network,
  createdAt: c.created_at.toISOString(),
  usableAt: c.usable_at.toISOString(),
});

const numId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : -1);

/** A label as stored: trimmed, inner whitespace runs made one space, 1–40 characters, no control characters. */
export function cleanLabel(label: string): string {
  const clean = label.normalize('NFC').replace(/\s+/g, ' ').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (clean.length === 0 || [...clean].length > 40 || /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(clean))
    fail(ErrorCode.BAD_REQUEST, 'A name of 1 to 40 characters, without control characters');
  return clean;
}

/**
 * Whether the allowlist holds now: a turn-off that was asked takes effect only when its day has
 * passed. With it on, a withdrawal may go only to a contact saved long enough ago (withdraw.ts);
 * nothing that loosens this takes effect sooner than a day, so no race with a concurrent change can
 * open it early.
 */
export function allowlistIsOn(u: { allowlist_on: boolean; allowlist_off_at: Date | null }): boolean {
  return u.allowlist_on && (u.allowlist_off_at === null || u.allowlist_off_at.getTime() > Date.now());
}

async function allowlistOf(db: Q, userId: number) {
  const u = await db
    .selectFrom('users')
    .select(['allowlist_on', 'allowlist_off_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const on = allowlistIsOn(u);
  return { on, offAt: on && u.allowlist_off_at ? u.allowlist_off_at.toISOString() : null };
}

export async function list(db: Q, userId: number) {
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`lower(label)`)
    .orderBy('id')
    .execute();
  return { allowlist: await allowlistOf(db, userId), contacts: rows.map(toContact) };
}

export async function add(
  db: Q,
  userId: number,
  delaySeconds: number,
  body: { label: string; address: string; network: string },
) {
  const label = cleanLabel(body.label);
  if (!isValidTronAddress(body.address)) fail(ErrorCode.INVALID_ADDRESS, 'This is not a valid TRON address');
  const known = await db.selectFrom('withdraw_channels').select('network').where('network', '=', body.network).executeTakeFirst();
  if (!known) fail(ErrorCode.BAD_REQUEST, 'No withdrawals on this network');
  // The same refusals as a withdrawal: one's own addresses and token contracts are no destination.
  await refuseLosingDestination(db, userId, body.address);
  const { n } = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_CONTACTS) fail(ErrorCode.CONFLICT, `At most ${MAX_CONTACTS} addresses`);
  const row = await db
    .insertInto('contacts')
    .values({
      user_id: userId,
      label,
      address: body.address,
      network: body.network,
      usable_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    })
    .onConflict((oc) => oc.columns(['user_id', 'address', 'network']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) fail(ErrorCode.CONFLICT, 'This address is already in the address book');
  return toContact(row);
}

export async function rename(db: Q, userId: number, id: string, label: string) {
  const row = await db
    .updateTable('contacts')
    .set({ label: cleanLabel(label) })
    .where('id', '=', numId(id))
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND, 'No such address');
  return toContact(row);
}

export async function remove(db: Q, userId: number, id: string) {
  const r = await db.deleteFrom('contacts').where('id', '=', numId(id)).where('user_id', '=', userId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) fail(ErrorCode.NOT_FOUND, 'No such address');
  return null;
}

/** On: at once. Off: in `delaySeconds` (asking again does not push it further out). */
export async function setAllowlist(db: Q, userId: number, delaySeconds: number, on: boolean) {
  const current = await allowlistOf(db, userId);
  if (on)
    await db
      .updateTable('users')
      .set({ allowlist_on: true, allowlist_off_at: null })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('allowlist_on', '=', false), eb('allowlist_off_at', 'is not', null)]))
      .execute();
  else if (current.on && current.offAt === null)
    await db
      .updateTable('users')
      .set({ allowlist_off_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})` })
      .where('id', '=', userId)
      .execute();
  return allowlistOf(db, userId);
}
