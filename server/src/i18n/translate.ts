/**
 * The server's own translations (push notifications): each locale's `server.po` catalog, compiled
 * at build time (scripts/build-server.ts; Vitest compiles it through the Lingui plugin) and loaded on
 * first use. An unknown locale falls back to the source one.
 */
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { isLocaleId, type LocaleId, SOURCE_LOCALE, toBcp47 } from '../../../src/lib/i18n/locales';

const loaded = new Map<LocaleId, Promise<I18n>>();

function i18nFor(locale: LocaleId): Promise<I18n> {
  let i18n = loaded.get(locale);
  if (!i18n) {
    i18n = import(`../../../locales/${locale}/server.po`).then(({ messages }: { messages: Messages }) =>
      setupI18n({ locale: toBcp47(locale), messages: { [toBcp47(locale)]: messages } }),
    );
    // A failed load is tried again next time rather than remembered.
    i18n.catch(() => loaded.delete(locale));
    loaded.set(locale, i18n);
  }
  return i18n;
}

export const serverLocale = (value: string): LocaleId => (isLocaleId(value) ? value : SOURCE_LOCALE);

/** Returns a translator for `locale`, and formats numbers in that locale's own way. */
export async function translator(locale: string) {
  const id = serverLocale(locale);
  const i18n = await i18nFor(id);
  const numbers = new Intl.NumberFormat(toBcp47(id), { maximumFractionDigits: 20 });
  return {
    t: (descriptor: MessageDescriptor, values?: Record<string, unknown>) => i18n._(descriptor.id, values, descriptor),
    /** An exact decimal string in the locale's digits and separators (formatted from the string, never a float). */
    amount: (decimal: string) => numbers.format(decimal as unknown as number),
  };
}
