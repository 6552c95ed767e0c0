/**
 * How the cross-engine journeys name what they touch: by role and accessible name, by label, by
 * test id, or by CSS with a text — what a person (or a screen reader) sees, as in the Playwright
 * suite. The same description is looked up inside the page by `findTarget`, in every engine.
 */
export type Target =
  | {
      role: 'button' | 'link' | 'tab' | 'dialog' | 'searchbox' | 'radio';
      name: string;
      /** How the accessible name holds `name`: all of it (the default), a part, or its end. */
      match?: 'exact' | 'part' | 'end';
      within?: Target;
    }
  | { label: string; within?: Target }
  | { testId: string; within?: Target }
  | { css: string; text?: string; within?: Target };

export const button = (name: string, within?: Target): Target => ({ role: 'button', name, within });
export const link = (name: string): Target => ({ role: 'link', name });
export const dialog = (name: string): Target => ({ role: 'dialog', name });
export const labelled = (label: string, within?: Target): Target => ({ label, within });
export const testId = (id: string, within?: Target): Target => ({ testId: id, within });

export const describeTarget = (target: Target): string => JSON.stringify(target);

/**
 * The first visible element the target names, or null. Runs in the page, so it is one
 * self-contained function: the engines send its source, not a closure.
 */
export function findTarget(target: Target): Element | null {
  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const textById = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const nameOf = (el: Element) =>
    normal(
      el.getAttribute('aria-label') ||
        (el.getAttribute('aria-labelledby') ? textById(el.getAttribute('aria-labelledby') ?? '') : '') ||
        (el instanceof HTMLInputElement && el.labels?.[0] ? el.labels[0].textContent : '') ||
        el.textContent ||
        el.getAttribute('title'),
    );
  const ROLES: Record<string, string> = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    tab: '[role="tab"]',
    dialog: '[role="dialog"], dialog[open]',
    searchbox: 'input[type="search"], [role="searchbox"]',
    radio: 'input[type="radio"], [role="radio"]',
  };
  const find = (t: Target, scope: ParentNode): Element | null => {
    const inside = t.within ? find(t.within, document) : scope;
    if (!inside) return null;
    let candidates: Element[];
    if ('role' in t) {
      candidates = Array.from(inside.querySelectorAll(ROLES[t.role] ?? '*')).filter((el) => {
        const name = nameOf(el);
        if (t.match === 'part') return name.toLowerCase().includes(t.name.toLowerCase());
        if (t.match === 'end') return name.endsWith(t.name);
        return name === t.name;
      });
    } else if ('label' in t) {
      const byLabel = Array.from(inside.querySelectorAll('label'))
        .filter((label) => normal(label.textContent).startsWith(t.label))
        .map((label) => label.control)
        .filter((el): el is HTMLElement => el !== null);
      const byAria = Array.from(inside.querySelectorAll('[aria-label], [aria-labelledby]')).filter(
        (el) => nameOf(el) === t.label && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName),
      );
      candidates = [...byLabel, ...byAria];
    } else if ('testId' in t) {
      candidates = Array.from(inside.querySelectorAll(`[data-testid="${t.testId}"]`));
    } else {
      candidates = Array.from(inside.querySelectorAll(t.css)).filter(
        (el) => t.text === undefined || normal(el.textContent).includes(t.text),
      );
    }
    return candidates.find(visible) ?? null;
  };
  return find(target, document);
}
