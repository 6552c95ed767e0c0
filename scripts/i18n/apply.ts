/**
 * Writes translations into a locale's catalogs: `npx tsx scripts/i18n/apply.ts de_DE file.json` where the
 * file maps English source → translation. Refuses translations whose ICU placeholders or tags
 * differ from the source, and reports what is still missing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { placeholders } from '../check-catalogs.ts';
import { CATALOG_NAMES, catalogFile, parsePoLines, setTranslations } from './po.ts';

const [locale, file] = process.argv.slice(2);
if (!locale || !file) throw new Error('usage: apply.ts <locale> <translations.json>');
const paths = CATALOG_NAMES.map((c) => catalogFile(locale, c));
const texts = paths.map((p) => readFileSync(p, 'utf8'));
const input = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const known = new Set(texts.flatMap((text) => parsePoLines(text).entries.map((e) => e.id)));
const accepted = new Map<string, string>();
const problems: string[] = [];
for (const [id, value] of Object.entries(input)) {
  if (id.startsWith('__') || typeof value !== 'string' || value.trim() === '') continue;
  if (!known.has(id)) {
    problems.push(`unknown message: ${JSON.stringify(id)}`);
    continue;
  }
  try {
    const want = placeholders(id).join(' ');
    const got = placeholders(value).join(' ');
    if (want !== got) {
      problems.push(`placeholders differ for ${JSON.stringify(id)}: ${got || '∅'} ≠ ${want || '∅'}`);
      continue;
    }
  } catch (error) {
    problems.push(`invalid ICU in translation of ${JSON.stringify(id)}: ${(error as Error).message}`);
    continue;
  }
  accepted.set(id, value);
}
let left = 0;
paths.forEach((path, i) => {
  // Each catalog takes the translations of the messages it has (setTranslations skips the others).
  const updated = setTranslations(texts[i]!, accepted);
  writeFileSync(path, updated);
  left += parsePoLines(updated).entries.filter((e) => e.str === '').length;
});
for (const p of problems) console.error(p);
console.info(`${locale}: applied ${accepted.size}, refused ${problems.length}, still untranslated ${left}`);
process.exitCode = problems.length ? 1 : 0;
