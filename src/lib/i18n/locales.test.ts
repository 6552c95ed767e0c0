import { describe, expect, it } from 'vitest';
import { directionOf, LOCALE_IDS, resolveSystemLocale, toBcp47 } from './locales';

describe('locale list', () => {
  it('has the 38 ids of LOCALES.md, unique', () => {
    expect(LOCALE_IDS).toHaveLength(38);
    expect(new Set(LOCALE_IDS).size).toBe(38);
  });
  it('marks exactly the four right-to-left languages', () => {
    expect(LOCALE_IDS.filter((id) => directionOf(id) === 'rtl').sort()).toEqual(['ar_SA', 'fa_IR', 'he_IL', 'ur_PK']);
  });
  it('converts to BCP 47', () => {
    expect(toBcp47('fil_PH')).toBe('fil-PH');
  });
});

describe('system default resolution', () => {
  it.each([
    [['de-DE'], 'de_DE'],
    [['fr-CA', 'en-US'], 'en_US'],
    [['fr-CA'], 'fr_FR'],
    [['pt'], 'pt_BR'],
    [['pt-PT'], 'pt_PT'],
    [['zh-Hant'], 'zh_TW'],
    [['zh-HK'], 'zh_TW'],
    [['zh'], 'zh_CN'],
    [['zh-Hans-CN'], 'zh_CN'],
    [['sw-KE'], 'en_US'],
    [[], 'en_US'],
  ] as const)('%j → %s', (languages, expected) => {
    expect(resolveSystemLocale(languages)).toBe(expected);
  });
});
