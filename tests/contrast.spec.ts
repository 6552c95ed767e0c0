/**
 * Text on filled brand surfaces stays readable in both themes: the wallet card's white text against
 * every colour stop of its gradient, at WCAG's 4.5:1 (in dark mode it was ≈ 2.9:1 on the light blue
 * the dark theme uses for --primary).
 */
import { expect, test } from '@playwright/test';
import { loginAsDemo } from './harness/session.ts';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the wallet card's text has at least 4.5:1 contrast (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await loginAsDemo(page);
    const card = page.locator('.wallet-card');
    await expect(card.getByTestId('wallet-address')).toBeVisible();
    const { text, stops } = await card.evaluate((el) => {
      const style = getComputedStyle(el);
      // rgb(r, g, b) or color(srgb r g b) (what color-mix computes to), each as 0–1 channels.
      const colours = (s: string) =>
        [...s.matchAll(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)|color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/g)].map((m) =>
          m[1] ? [m[1], m[2], m[3]].map((v) => Number(v) / 255) : [m[4], m[5], m[6]].map(Number),
        );
      return { text: colours(style.color)[0], stops: colours(style.backgroundImage) };
    });
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(stops.length).toBeGreaterThanOrEqual(2);
    for (const stop of stops) {
      const [hi, lo] = [luminance(text!), luminance(stop)].sort((a, b) => b - a) as [number, number];
      expect((hi + 0.05) / (lo + 0.05), `white on ${stop.map((v) => Math.round(v * 255)).join(',')}`).toBeGreaterThanOrEqual(4.5);
    }
  });
}
