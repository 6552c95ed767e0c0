/**
 * Checks the message catalogs: every locale of LOCALES.md has a catalog holding every source
 * message, each translation parses as ICU MessageFormat and keeps the source's placeholders and
 * tags. Untranslated messages are listed; with I18N_REQUIRE_COMPLETE=1 they fail the check too.
 */
import { readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { LOCALE_IDS, SOURCE_LOCALE } from '../src/lib/i18n/locales.ts';
import { CATALOG_NAMES } from './i18n/po.ts';

interface Entry {
  id: string;
  str: string;
}

export function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: { id?: string; str?: string; field?: 'id' | 'str' } = {};
  const unquote = (s: string) => JSON.parse(s) as string;
  const flush = () => {
    if (current.id !== undefined && current.id !== '') entries.push({ id: current.id, str: current.str ?? '' });
    current = {};
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      current.id = unquote(line.slice(6));
      current.field = 'id';
    } else if (line.startsWith('msgstr ')) {
      current.str = unquote(line.slice(7));
      current.field = 'str';
    } else if (line.startsWith('"') && current.field) {
      current[current.field] = (current[current.field] ?? '') + unquote(line);
    }
  }
  flush();
  return entries;
}

/** Argument names and numbered tags (<0>, </0>) a message uses. */
export function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') found.add(`{${token.arg}}`);
      if (token.type === 'plural' || token.type === 'select') {
        found.add(`{${token.arg}}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  for (const tag of message.match(/<\/?\d+\/?>/g) ?? []) found.add(tag);
  return [...found].sort();
}

const catalogPath = (locale: string, catalog: string) => new URL(`../locales/${locale}/${catalog}.po`, import.meta.url);

function main(): number {
  const requireComplete = process.env.I18N_REQUIRE_COMPLETE === '1';
  const problems: string[] = [];
  const untranslated: Record<string, number> = {};
  let messages = 0;
  for (const catalog of CATALOG_NAMES) {
    const source = parsePo(readFileSync(catalogPath(SOURCE_LOCALE, catalog), 'utf8'));
    messages += source.length;
    checkCatalog(catalog, source, problems, untranslated);
  }
  const pending = Object.entries(untranslated);
  if (pending.length) {
    const summary = pending.map(([l, n]) => `${l} ${n}`).join(', ');
    console.info(`untranslated (falls back to ${SOURCE_LOCALE}): ${summary}`);
    if (requireComplete) problems.push(`untranslated messages: ${summary}`);
  }
  for (const p of problems) console.error(p);
  console.info(
    `catalogs: ${LOCALE_IDS.length} locales × ${CATALOG_NAMES.join(' + ')}, ${messages} messages, ${problems.length} problems`,
  );
  return problems.length ? 1 : 0;
}

function checkCatalog(catalog: string, source: Entry[], problems: string[], untranslated: Record<string, number>) {
  for (const locale of LOCALE_IDS) {
    let entries: Entry[];
    try {
      entries = parsePo(readFileSync(catalogPath(locale, catalog), 'utf8'));
    } catch {
      problems.push(`${locale}: ${catalog} catalog missing`);
      continue;
    }
    const byId = new Map(entries.map((e) => [e.id, e.str]));
    for (const { id } of source) {
      const str = byId.get(id);
      if (str === undefined) {
        problems.push(`${locale}: lacks "${id}"`);
        continue;
      }
      if (str === '' && locale !== SOURCE_LOCALE) {
        untranslated[locale] = (untranslated[locale] ?? 0) + 1;
        continue;
      }
      const text = str || id;
      try {
        const expected = placeholders(id).join(' ');
        const actual = placeholders(text).join(' ');
        if (expected !== actual) problems.push(`${locale}: "${id}" placeholders ${actual || '∅'} ≠ ${expected || '∅'}`);
      } catch (error) {
        problems.push(`${locale}: "${id}" is not valid ICU: ${(error as Error).message}`);
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main());
