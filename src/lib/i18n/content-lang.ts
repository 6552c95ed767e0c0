/**
 * Marks operator-written texts with the language the server says they are in (`lang` of an
 * activity, message or article, a locale id such as ja_JP): a screen reader pronounces them right,
 * and `dir="auto"` lays each out in its own direction, so English inside an Arabic screen keeps its
 * numbers and punctuation in place. (No import of the locale table: it would pull that table out of
 * the entry chunk into one of its own.)
 */
export function contentLangProps(lang: string | undefined): { lang: string; dir: 'auto' } {
  // Data saved before the server named the language was English.
  return { lang: lang ? lang.replace('_', '-') : 'en', dir: 'auto' };
}
