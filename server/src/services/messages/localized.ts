/**
 * Content in the reader's language: rows keep the English original and a map of translations
 * (migration 016); a request names its language in `content-language` (src/api/client.ts) and gets
 * that translation when there is one, English otherwise, always with the language it got (`lang`),
 * so the app can mark it for screen readers and lay it out in its own direction.
 */
import { LOCALES, type LocaleId, SOURCE_LOCALE } from '../../../../src/lib/i18n/locales';
import { serverLocale, translator } from '../../i18n/translate';

export type Translator = Awaited<ReturnType<typeof translator>>;

/** The language a request asked for, or English. */
export function requestLocale(headers: Record<string, string | string[] | undefined>): LocaleId {
  const value = headers['content-language'];
  return serverLocale(typeof value === 'string' ? value : '');
}

export function localized<T extends object>(
  original: T,
  translations: Record<string, T> | null | undefined,
  locale: LocaleId,
): T & { lang: LocaleId } {
  const translated = locale === SOURCE_LOCALE ? undefined : translations?.[locale];
  return translated ? { ...translated, lang: locale } : { ...original, lang: SOURCE_LOCALE };
}

/**
 * The same texts in English and every other bundled language, built from the server catalog. A
 * language whose catalog gives back only English is left out, so nothing is labelled as a
 * language it is not in.
 */
export async function inEveryLocale<T extends object>(
  build: (tr: Translator, locale: LocaleId) => T,
): Promise<{ english: T; translations: Record<string, T> }> {
  const english = isolateAmounts(build(await translator(SOURCE_LOCALE), SOURCE_LOCALE));
  const source = JSON.stringify(english);
  const translations: Record<string, T> = {};
  for (const { id } of LOCALES) {
    if (id === SOURCE_LOCALE) continue;
    const texts = isolateAmounts(build(await translator(id), id));
    if (JSON.stringify(texts) !== source) translations[id] = texts;
  }
  return { english, translations };
}

/** A number followed by a unit code ("٥٠ TSR", "1,000 USDT"), not already isolated. */
const AMOUNT_WITH_UNIT = /(?<![\u2066\p{L}\p{N}_-])(\p{Nd}[\p{Nd}.,\u066b\u066c\u00a0\u202f]*)[ \u00a0]?([A-Z]{3,5})\b/gu;

/**
 * Keeps each amount and its unit in one left-to-right island (U+2066 … U+2069), as the app does with
 * its own amounts: in right-to-left text the unit would otherwise land on the wrong side.
 */
export function isolateAmounts<T>(value: T): T {
  if (typeof value === 'string') return value.replace(AMOUNT_WITH_UNIT, '\u2066$1 $2\u2069') as T;
  if (Array.isArray(value)) return value.map(isolateAmounts) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isolateAmounts(v)])) as T;
  return value;
}
