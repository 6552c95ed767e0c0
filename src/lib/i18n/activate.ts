/**
 * Loads a locale's compiled catalog (each one its own lazy chunk, precached by the worker) and
 * activates it, updating `<html lang dir>` so layout and screen readers follow.
 */
import { i18n } from '@lingui/core';
import { directionOf, type LocaleId, SOURCE_LOCALE, toBcp47 } from './locales';

type Catalog = { messages: Record<string, unknown> };
const catalogs = import.meta.glob<Catalog>('../../../locales/*/messages.po');

export async function activateLocale(id: LocaleId): Promise<LocaleId> {
  const loader = catalogs[`../../../locales/${id}/messages.po`] ?? catalogs[`../../../locales/${SOURCE_LOCALE}/messages.po`];
  const effective = catalogs[`../../../locales/${id}/messages.po`] ? id : SOURCE_LOCALE;
  if (!loader) throw new Error('no catalogs bundled');
  const { messages } = await loader();
  // Lingui passes `locales` to Intl (plurals, numbers): it needs the BCP 47 form, not en_US.
  i18n.loadAndActivate({ locale: effective, locales: toBcp47(effective), messages: messages as never });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = toBcp47(effective);
    document.documentElement.dir = directionOf(effective);
  }
  return effective;
}

export { i18n };
