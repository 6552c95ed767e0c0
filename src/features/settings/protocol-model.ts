/** Splits an article's plain text into paragraphs (blank-line separated), with stable keys. */
export function articleParagraphs(content: string): Array<{ key: string; text: string }> {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text, index) => ({ key: `${index}:${text.slice(0, 24)}`, text }));
}
