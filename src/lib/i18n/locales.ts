/** The 38 bundled interface languages (shared/LOCALES.md), in the order the language page lists them. */
export const SOURCE_LOCALE = 'en_US';

export const LOCALES = [
  { id: 'en_US', name: 'English', dir: 'ltr' },
  { id: 'zh_CN', name: '简体中文', dir: 'ltr' },
  { id: 'zh_TW', name: '繁體中文', dir: 'ltr' },
  { id: 'ja_JP', name: '日本語', dir: 'ltr' },
  { id: 'ko_KR', name: '한국어', dir: 'ltr' },
  { id: 'th_TH', name: 'ไทย', dir: 'ltr' },
  { id: 'vi_VN', name: 'Tiếng Việt', dir: 'ltr' },
  { id: 'id_ID', name: 'Bahasa Indonesia', dir: 'ltr' },
  { id: 'ms_MY', name: 'Bahasa Melayu', dir: 'ltr' },
  { id: 'fil_PH', name: 'Filipino', dir: 'ltr' },
  { id: 'km_KH', name: 'ខ្មែរ', dir: 'ltr' },
  { id: 'my_MM', name: 'မြန်မာ', dir: 'ltr' },
  { id: 'lo_LA', name: 'ລາວ', dir: 'ltr' },
  { id: 'hi_IN', name: 'हिन्दी', dir: 'ltr' },
  { id: 'bn_BD', name: 'বাংলা', dir: 'ltr' },
  { id: 'ur_PK', name: 'اردو', dir: 'rtl' },
  { id: 'ar_SA', name: 'العربية', dir: 'rtl' },
  { id: 'fa_IR', name: 'فارسی', dir: 'rtl' },
  { id: 'he_IL', name: 'עברית', dir: 'rtl' },
  { id: 'tr_TR', name: 'Türkçe', dir: 'ltr' },
  { id: 'ru_RU', name: 'Русский', dir: 'ltr' },
  { id: 'uk_UA', name: 'Українська', dir: 'ltr' },
  { id: 'kk_KZ', name: 'Қазақ тілі', dir: 'ltr' },
  { id: 'pl_PL', name: 'Polski', dir: 'ltr' },
  { id: 'cs_CZ', name: 'Čeština', dir: 'ltr' },
  { id: 'de_DE', name: 'Deutsch', dir: 'ltr' },
  { id: 'fr_FR', name: 'Français', dir: 'ltr' },
  { id: 'es_ES', name: 'Español', dir: 'ltr' },
  { id: 'pt_BR', name: 'Português (Brasil)', dir: 'ltr' },
  { id: 'pt_PT', name: 'Português (Portugal)', dir: 'ltr' },
  { id: 'it_IT', name: 'Italiano', dir: 'ltr' },
  { id: 'nl_NL', name: 'Nederlands', dir: 'ltr' },
  { id: 'sv_SE', name: 'Svenska', dir: 'ltr' },
  { id: 'nb_NO', name: 'Norsk bokmål', dir: 'ltr' },
  { id: 'fi_FI', name: 'Suomi', dir: 'ltr' },
  { id: 'el_GR', name: 'Ελληνικά', dir: 'ltr' },
  { id: 'hu_HU', name: 'Magyar', dir: 'ltr' },
  { id: 'ro_RO', name: 'Română', dir: 'ltr' },
] as const;

export type LocaleId = (typeof LOCALES)[number]['id'];
export const LOCALE_IDS: readonly LocaleId[] = LOCALES.map((l) => l.id);

export function isLocaleId(value: unknown): value is LocaleId {
  return typeof value === 'string' && (LOCALE_IDS as readonly string[]).includes(value);
}

/** en_US → en-US, fil_PH → fil-PH: the BCP 47 form for `<html lang>` and Intl. */
export const toBcp47 = (id: LocaleId) => id.replace('_', '-');

export const directionOf = (id: LocaleId) => LOCALES.find((l) => l.id === id)?.dir ?? 'ltr';

/**
 * "System default" (LOCALES.md): the first browser language whose language and region match an id,
 * else the first whose language matches (pt → pt_BR, zh-Hant/zh-HK/zh-TW/zh-MO → zh_TW, zh → zh_CN),
 * else en_US.
 */
export function resolveSystemLocale(languages: readonly string[]): LocaleId {
  const tags = languages.map((tag) => tag.trim()).filter(Boolean);
  for (const tag of tags) {
    const [lang, ...rest] = tag.split(/[-_]/);
    const region = rest.find((part) => /^[A-Za-z]{2}$|^\d{3}$/.test(part));
    if (!lang || !region) continue;
    const id = `${lang.toLowerCase()}_${region.toUpperCase()}`;
    if (isLocaleId(id)) return id;
  }
  for (const tag of tags) {
    const parts = tag.split(/[-_]/);
    const lang = parts[0]?.toLowerCase();
    if (lang === 'zh') {
      const traditional = parts.some((p) => /^(hant|hk|tw|mo)$/i.test(p));
      return traditional ? 'zh_TW' : 'zh_CN';
    }
    if (lang === 'nn' || lang === 'no') return 'nb_NO';
    if (lang === 'tl') return 'fil_PH';
    const match = LOCALES.find((l) => l.id.split('_')[0] === lang);
    if (match) return match.id;
  }
  return SOURCE_LOCALE;
}
