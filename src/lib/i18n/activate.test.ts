import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './activate';

describe('locale activation', () => {
  it('loads a catalog and sets <html lang dir>', async () => {
    await activateLocale('ar_SA');
    expect(i18n.locale).toBe('ar_SA');
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
    await activateLocale('de_DE');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
