/**
 * Switching to Arabic and back in every engine: the page turns right to left, the tab bar and
 * screens speak Arabic with nothing pushed off the side, and English comes back the same way.
 */
import { expect, test } from './harness/fixtures.ts';
import { expectOnScreen, expectShown, logInAsDemo, open } from './harness/steps.ts';
import { testId } from './harness/targets.ts';

const direction = (phone: import('./harness/engine-page.ts').EnginePage) =>
  phone.evaluate(() => `${document.documentElement.lang.split('-')[0]} ${document.documentElement.dir}`);

/** How far the page reaches past the screen's right or left edge (0 when nothing is off the side). */
const overflow = (phone: import('./harness/engine-page.ts').EnginePage) =>
  phone.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

test('Arabic turns the app right to left, and English turns it back', async ({ phone }, testInfo) => {
  await logInAsDemo(phone);
  // Through Settings, as a person gets there (opened directly, a signed-in launch goes home).
  const chooseLanguage = async (settingsLink: string) => {
    await open(phone, '/pages/my/setting');
    await phone.click({ role: 'link', name: settingsLink, match: 'part' });
  };
  await chooseLanguage('Language');
  await phone.click({ css: 'label.language-option', text: 'العربية' });
  await expect.poll(() => direction(phone)).toBe('ar rtl');

  await open(phone, '/pages/index/index');
  await expectShown(phone, testId('asset-USDT'));
  await expectOnScreen(phone, 'الرئيسية'); // "Home" in the tab bar
  // The tab bar reads from the right: Home is its rightmost item.
  const [first, last] = await phone.evaluate(() => {
    const items = Array.from(document.querySelectorAll('.tabbar__item')).map((el) => el.getBoundingClientRect().left);
    return [items[0] ?? 0, items.at(-1) ?? 0];
  });
  expect(first).toBeGreaterThan(last);
  expect(await overflow(phone)).toBe(0);
  await phone.screenshot(testInfo.outputPath('home-ar.png'));

  await chooseLanguage('اللغة');
  await phone.click({ css: 'label.language-option', text: 'English' });
  await expect.poll(() => direction(phone)).toBe('en ltr');
  await open(phone, '/pages/index/index');
  await expectOnScreen(phone, 'Home');
  expect(await overflow(phone)).toBe(0);
});
