/**
 * What the accessibility tests ask of a screen: axe-core's WCAG 2.2 AA rules (contrast measured,
 * not skipped) and touch targets of at least 44 × 44 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export async function axeViolations(page: Page): Promise<string[]> {
  const measuredContrast = (r: AxeResults) => [...r.passes, ...r.incomplete].some((p) => p.id === 'color-contrast');
  let result = await analyze(page);
  // It looked at the screen: contrast was measured on something (or found text it must leave to a
  // person, over a gradient: tests/contrast.spec.ts measures the wallet card's). A screen still
  // fading in (0.4 s) has nothing measurable for a moment: axe looks again until it has, for as long
  // as an expect waits, instead of after fixed pauses.
  if (!measuredContrast(result)) {
    const lookAgain = async () => {
      result = await analyze(page);
      return measuredContrast(result);
    };
    await expect.poll(lookAgain, { message: 'axe measured the contrast of some text' }).toBe(true);
  }
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim()}`),
  );
}

const analyze = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();

/**
 * Interactive elements smaller than 44 × 44 px. A control may be drawn smaller if its hit area (the
 * element itself, padding included) is not: that is what the bounding box measures.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [tabindex="0"]';
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // Hidden until focused from a keyboard (a skip link, Records' refresh beside pull-to-refresh).
      if (el.closest('[inert], [aria-hidden="true"]') || el.matches('.focus-reveal:not(:focus-visible)')) continue;
      // A control drawn inside a larger label (a switch, a checkbox) is hit through the label.
      const label = el.closest('label');
      const box = label ? label.getBoundingClientRect() : rect;
      if (box.width >= 43.5 && box.height >= 43.5) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
      found.push(
        `<${el.tagName.toLowerCase()} class="${el.className}"> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return found;
  });
}
