/** Which locale to run in: the saved choice, else the "System default" rule of LOCALES.md. */
import { activateLocale } from '../lib/i18n/activate';
import { isLocaleId, type LocaleId, resolveSystemLocale } from '../lib/i18n/locales';
import { readKey, STORAGE_KEYS, writeKey } from '../lib/storage/kv';
import { appStore } from './store';

export function resolveLocale(choice: LocaleId | 'system'): LocaleId {
  if (choice !== 'system') return choice;
  return resolveSystemLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Launch: the saved "language" key (the one place the choice is kept), else the system. */
export async function activateLaunchLocale(): Promise<LocaleId> {
  const saved = await readKey<string>(STORAGE_KEYS.language);
  const choice = saved === 'system' || isLocaleId(saved) ? saved : 'system';
  const locale = await activateLocale(resolveLocale(choice));
  appStore.set({ languageId: choice, language: locale });
  return locale;
}

/** Switches at once, without a reload, and remembers the choice. */
export async function changeLocale(choice: LocaleId | 'system'): Promise<void> {
  const locale = await activateLocale(resolveLocale(choice));
  appStore.set({ languageId: choice, language: locale });
  await writeKey(STORAGE_KEYS.language, choice);
}
