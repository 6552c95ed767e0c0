/** Per-user messages: list, detail (marks read), read-all, delete, popup, unread count, publish. */
import { type Selectable, sql } from 'kysely';
import * as z from 'zod/mini';
import { isLocaleId, type LocaleId } from '../../../../src/lib/i18n/locales';
import { ErrorCode, fail } from '../../common/errors';
import type { DB, MessageTexts, Q } from '../../db/schema';
import { readAsMe, type Who } from '../identity/me';
import { auditedAction, type Decider, FROM_THE_CLI } from '../operators/audit';
import { pageOffset, pageOfRowsAndOneMore, skipping } from '../platform/paging';
import { localized } from './localized';

const toMessage = (m: Selectable<DB['messages']>, locale: LocaleId) => ({
  id: String(m.id),
  ...localized({ title: m.title, summary: m.summary, content: m.content }, m.translations, locale),
  read: m.read,
  popup: m.popup,
  createdAt: m.created_at.toISOString(),
});

const numId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : -1);
const mine = (db: Q, userId: number) => db.selectFrom('messages').where('user_id', '=', userId).where('deleted', '=', false);

/** A page of the inbox; its `total` says whether another page follows, as the records list's does. */
export async function list(db: Q, userId: number, q: { page: number; pageSize: number }, locale: LocaleId) {
  const rows = await mine(db, userId)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.pageSize + 1)
    .$call(skipping(pageOffset(q)))
    .execute();
  return pageOfRowsAndOneMore(rows, q, (m) => toMessage(m, locale));
}

export async function detail(db: Q, userId: number, id: string, locale: LocaleId) {
  const m = await db
    .updateTable('messages')
    .set({ read: true })
    .where('id', '=', numId(id))
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (!m) fail(ErrorCode.NOT_FOUND, 'No such message');
  return toMessage(m, locale);
}

export async function readAll(db: Q, userId: number) {
  await db.updateTable('messages').set({ read: true }).where('user_id', '=', userId).where('read', '=', false).execute();
  return null;
}

export async function remove(db: Q, userId: number, id: string) {
  const r = await db
    .updateTable('messages')
    .set({ deleted: true })
    .where('id', '=', numId(id))
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) fail(ErrorCode.NOT_FOUND, 'No such message');
  return null;
}

export async function popup(db: Q, userId: number, locale: LocaleId) {
  const m = await mine(db, userId)
    .selectAll()
    .where('popup', '=', true)
    .where('read', '=', false)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return m ? toMessage(m, locale) : null;
}

/**
 * One statement: the session and its user's unread count, kept by triggers on `messages`
 * (migration 032) so that a full inbox is not counted on every launch.
 */
const unreadRow = readAsMe((me) =>
  me
    .selectFrom('me')
    .leftJoin('unread_messages', 'unread_messages.user_id', 'me.user_id')
    .select((eb) => eb.fn.coalesce('unread_messages.n', eb.lit(0)).as('n')),
);

export async function unread(db: Q, who: Who) {
  const [row] = await unreadRow(db, who);
  if (!row) fail(ErrorCode.UNAUTHORIZED, 'Please log in again');
  return Number(row.n);
}

/** What a message says, in English and in any other languages it was written in. */
export interface MessageInput {
  title: string;
  content: string;
  translations?: Record<string, { title: string; content: string }>;
}

const withSummary = ({ title, content }: { title: string; content: string }): MessageTexts => ({
  title,
  summary: content.length > 80 ? `${content.slice(0, 79)}…` : content,
  content,
});

const translationsFile = z.record(
  z.string(),
  z.object({ title: z.string().check(z.minLength(1)), content: z.string().check(z.minLength(1)) }),
);

/** An operator's translations of a message (ops `publish --translations`, the console), checked before anything is sent. */
export function checkTranslations(value: unknown): NonNullable<MessageInput['translations']> {
  const parsed = translationsFile.safeParse(value);
  if (!parsed.success) fail(ErrorCode.BAD_REQUEST, `translations: ${z.prettifyError(parsed.error)}`);
  const unknown = Object.keys(parsed.data).filter((key) => !isLocaleId(key));
  if (unknown.length > 0)
    fail(ErrorCode.BAD_REQUEST, `translations: not a bundled locale id: ${unknown.join(', ')} (write ja_JP, de_DE…)`);
  return parsed.data;
}

/** The translations file `ops publish --translations <file>` reads. */
export const readTranslations = (json: string) => checkTranslations(JSON.parse(json));

/**
 * A message to every user, from the console (admin) or the CLI (`publish`), audited with what was
 * sent, in which languages, and to how many.
 */
export function broadcast(db: Q, message: MessageInput, popup: boolean, by: Decider = FROM_THE_CLI) {
  if (!message.title.trim() || !message.content.trim()) fail(ErrorCode.BAD_REQUEST, 'A message needs a title and a text.');
  return auditedAction(
    db,
    by,
    { action: 'message.publish' },
    (trx) => publish(trx, message, popup),
    (recipients) => ({ title: message.title, popup, languages: Object.keys(message.translations ?? {}), recipients }),
  );
}

export async function publish(db: Q, message: MessageInput, popupFlag: boolean, userId: number | null = null) {
  const { title, summary, content } = withSummary(message);
  const translations = JSON.stringify(
    Object.fromEntries(Object.entries(message.translations ?? {}).map(([locale, texts]) => [locale, withSummary(texts)])),
  );
  // One statement from the users table: a broadcast to a million users never passes through here.
  const sent = await db
    .insertInto('messages')
    .columns(['user_id', 'title', 'summary', 'content', 'translations', 'popup'])
    .expression((eb) => {
      const users = eb
        .selectFrom('users')
        .select((u) => [
          'users.id',
          u.val(title).as('title'),
          u.val(summary).as('summary'),
          u.val(content).as('content'),
          sql<string>`${translations}::jsonb`.as('translations'),
          u.val(popupFlag).as('popup'),
        ]);
      return userId === null ? users : users.where('users.id', '=', userId);
    })
    .executeTakeFirst();
  return Number(sent.numInsertedOrUpdatedRows ?? 0);
}
