/**
 * The main screens in every engine at a phone's width: nothing scrolls sideways, no text is cut
 * off, and each screen is kept as a screenshot (in the test's output) to be looked at — where the
 * engines differ most: `<select>`, date inputs, the full-height layout and the bottom tab bar.
 */
import { findLayoutProblems } from '../harness/locale.ts';
import type { EnginePage } from './harness/engine-page.ts';
import { expect, test } from './harness/fixtures.ts';
import { PHONE } from './harness/launch.ts';
import { expectShown, logInAsDemo, open } from './harness/steps.ts';
import { button, dialog } from './harness/targets.ts';

const SCREENS = [
  ['home', '/pages/index/index'],
  ['transfer', '/pages/index/transfer'],
  ['receive', '/pages/index/receive?currency=USDT&network=TRC20'],
  ['records', '/pages/record/index'],
  ['reward', '/pages/reward/index'],
  ['activity', '/pages/activity/index'],
  ['my', '/pages/my/index'],
  ['settings', '/pages/my/setting'],
] as const;

/**
 * The screen has arrived: its heading shows, nothing has been fetched for half a second (lazy parts
 * of a screen come after its heading), and nothing on it is still a skeleton.
 */
async function settled(phone: EnginePage): Promise<void> {
  await expectShown(phone, { css: 'h1' });
  let fetched = -1;
  await expect
    .poll(
      async () => {
        const now = await phone.evaluate(() => ({
          fetched: performance.getEntriesByType('resource').length,
          busy: document.querySelectorAll('[aria-busy="true"]').length,
        }));
        const quiet = now.fetched === fetched && now.busy === 0;
        fetched = now.fetched;
        return quiet;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
}

test('the main screens fit the phone, nothing cut off, in this engine', async ({ phone }, testInfo) => {
  test.setTimeout(120_000);
  await logInAsDemo(phone);
  expect(await phone.evaluate(() => [innerWidth, innerHeight])).toEqual([PHONE.width, PHONE.height]);
  const problems: string[] = [];
  for (const [name, path] of SCREENS) {
    await open(phone, path);
    await settled(phone);
    problems.push(...(await phone.evaluate(findLayoutProblems)).map((problem) => `${name}: ${problem}`));
    await phone.screenshot(testInfo.outputPath(`${name}.png`));
  }
  // The export sheet: two date inputs, drawn by each engine its own way.
  await open(phone, '/pages/record/index');
  await phone.click(button('Export'));
  await expectShown(phone, dialog('Export records'));
  problems.push(...(await phone.evaluate(findLayoutProblems)).map((problem) => `export: ${problem}`));
  await phone.screenshot(testInfo.outputPath('export.png'));
  expect(problems).toEqual([]);
});
