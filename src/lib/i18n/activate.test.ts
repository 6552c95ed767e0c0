import { describe, expect, it } from 'vitest';
import { activateLocale, i18n, loadScreenMessages } from './activate';

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

describe('the signed-in screens’ catalog', () => {
  it('loads when asked, and comes along with every later locale', async () => {
    await activateLocale('de_DE');
    const shellOnly = Object.keys(i18n.messages).length;
    await loadScreenMessages();
    expect(i18n.locale).toBe('de_DE');
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(shellOnly);
    await activateLocale('ja_JP');
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(shellOnly);
  });
});
