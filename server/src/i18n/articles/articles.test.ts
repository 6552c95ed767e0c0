/**
 * The articles (agreement, privacy, about) exist in every bundled language, whole: the same
 * articles, the same number of paragraphs, every `{product}` and `{token}` kept, none left empty.
 * Served by services/platform/content.ts in the reader's language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../../../../src/lib/i18n/locales';

type ArticleSet = Record<string, { title: string; paragraphs: string[] }>;
const read = (locale: string): ArticleSet =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${locale}.json`), 'utf8')) as ArticleSet;
const count = (text: string, token: string) => text.split(token).length - 1;

const english = read(SOURCE_LOCALE);

describe.each(LOCALES.filter((l) => l.id !== SOURCE_LOCALE).map((l) => l.id))('articles in %s', (locale) => {
  it('are complete and keep the product and token placeholders', () => {
    const set = read(locale);
    expect(Object.keys(set).sort()).toEqual(Object.keys(english).sort());
    for (const [type, source] of Object.entries(english)) {
      const translated = set[type]!;
      expect(translated.paragraphs, type).toHaveLength(source.paragraphs.length);
      const texts = [translated.title, ...translated.paragraphs];
      [source.title, ...source.paragraphs].forEach((text, i) => {
        expect(texts[i]!.trim().length, `${type} ${i}`).toBeGreaterThan(0);
        expect(texts[i], `${type} ${i}`).not.toBe(text);
        for (const token of ['{product}', '{token}'])
          expect(count(texts[i]!, token), `${type} ${i} ${token}`).toBe(count(text, token));
      });
    }
  });
});
