import type { Page } from '@playwright/test';

/** Chooses the app language the way a saved choice does (IndexedDB key "language"), then reloads. */
export async function useLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('tessera');
      req.onupgradeneeded = () => req.result.createObjectStore('kv');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('kv', 'readwrite');
      tx.objectStore('kv').put(id, 'language');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, locale);
  await page.reload();
}

/**
 * Elements whose text is cut off, and whether the page scrolls sideways. Runs in the page: one
 * self-contained function, for any engine's driver.
 */
export function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    problems.push(`page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px viewport`);
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    // Screen-reader-only text is clipped on purpose.
    if (el.closest('.visually-hidden') || el.getBoundingClientRect().width <= 1) continue;
    const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!hasText) continue;
    const style = getComputedStyle(el);
    const clips = /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY) || style.textOverflow === 'ellipsis';
    if (clips && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2))
      problems.push(`clipped: <${el.tagName.toLowerCase()} class="${el.className}"> ${el.textContent?.trim().slice(0, 40)}`);
    const rect = el.getBoundingClientRect();
    if (rect.right > window.innerWidth + 1 || rect.left < -1)
      problems.push(`outside the screen: <${el.tagName.toLowerCase()}> ${el.textContent?.trim().slice(0, 40)}`);
  }
  return problems;
}

/** Elements whose text is cut off, and whether the page scrolls sideways. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(findLayoutProblems);
}
