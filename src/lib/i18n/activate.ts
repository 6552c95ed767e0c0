/**
 * Loads a locale's compiled catalogs (each its own lazy chunk, precached by the worker) and
 * activates it, updating `<html lang dir>` so layout and screen readers follow.
 *
 * Each locale has two catalogs (lingui.config.ts): `public` — the public pages and the shell, all a
 * first visit needs — and `messages`, the signed-in screens. The second is loaded once the app
 * asks for it (`loadScreenMessages`, before any signed-in route renders), and from then on with
 * every locale change.
 */
import { i18n } from '@lingui/core';
import { directionOf, type LocaleId, SOURCE_LOCALE, toBcp47 } from './locales';

type Catalog = { messages: Record<string, unknown> };
type Loaders = Record<string, () => Promise<Catalog>>;
const publicCatalogs: Loaders = import.meta.glob<Catalog>('../../../locales/*/public.po');
const screenCatalogs: Loaders = import.meta.glob<Catalog>('../../../locales/*/messages.po');

const loaderOf = (loaders: Loaders, id: LocaleId, file: string) =>
  loaders[`../../../locales/${id}/${file}.po`] ?? loaders[`../../../locales/${SOURCE_LOCALE}/${file}.po`];

/** Whether the signed-in screens' catalog is wanted, and for which locale it is loaded. */
let screensWanted = false;
let screensLoadedFor: string | null = null;
let activation: Promise<LocaleId> | null = null;
let firstActivated: () => void = () => {};
const firstActivation = new Promise<void>((resolve) => {
  firstActivated = resolve;
});

async function messagesOf(loaders: Loaders, id: LocaleId, file: string): Promise<Record<string, unknown>> {
  const loader = loaderOf(loaders, id, file);
  if (!loader) throw new Error('no catalogs bundled');
  return (await loader()).messages;
}

export function activateLocale(id: LocaleId): Promise<LocaleId> {
  const run = (async () => {
    const effective = publicCatalogs[`../../../locales/${id}/public.po`] ? id : SOURCE_LOCALE;
    const withScreens = screensWanted;
    const [shell, screens] = await Promise.all([
      messagesOf(publicCatalogs, effective, 'public'),
      withScreens ? messagesOf(screenCatalogs, effective, 'messages') : undefined,
    ]);
    // A fresh object: later loads merge into it, never into a catalog module's own exports.
    const messages = { ...shell, ...screens };
    // Lingui passes `locales` to Intl (plurals, numbers): it needs the BCP 47 form, not en_US.
    i18n.loadAndActivate({ locale: effective, locales: toBcp47(effective), messages: messages as never });
    screensLoadedFor = withScreens ? effective : null;
    firstActivated();
    if (typeof document !== 'undefined') {
      document.documentElement.lang = toBcp47(effective);
      document.documentElement.dir = directionOf(effective);
    }
    return effective;
  })();
  activation = run;
  return run;
}

/**
 * Resolves once the signed-in screens' messages of the active locale are loaded: at once when
 * they are, else after one chunk (a locale activated meanwhile is waited for first).
 */
export async function loadScreenMessages(): Promise<void> {
  screensWanted = true;
  await firstActivation;
  await activation?.catch(() => undefined);
  const locale = i18n.locale as LocaleId | undefined;
  if (!locale || screensLoadedFor === locale) return;
  const screens = await messagesOf(screenCatalogs, locale, 'messages');
  // Another locale may have been activated while this one loaded: it brings its own screens.
  if (i18n.locale !== locale) return;
  i18n.load(locale, screens as never);
  screensLoadedFor = locale;
}

export { i18n };
