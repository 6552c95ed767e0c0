/**
 * Lists what a locale still lacks, for translators: `npx tsx scripts/i18n/todo.ts de_DE`
 * writes .tmp/i18n/de_DE.todo.json — an object { "<English source>": "" } with, under "__context",
 * where each message is used. Fill in the values and apply with scripts/i18n/apply.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CATALOG_NAMES, catalogFile, parsePoLines } from './po.ts';

const locale = process.argv[2];
if (!locale) throw new Error('usage: todo.ts <locale>');
const entries = CATALOG_NAMES.flatMap((c) => parsePoLines(readFileSync(catalogFile(locale, c), 'utf8')).entries);
// A message used on a public page and a signed-in screen is in both catalogs: asked for once.
const missing = [...new Map(entries.filter((e) => e.str === '').map((e) => [e.id, e])).values()];
const todo: Record<string, unknown> = {
  __context: Object.fromEntries(missing.map((e) => [e.id, [...e.origins, ...e.comments].join('; ')])),
};
for (const e of missing) todo[e.id] = '';
mkdirSync('.tmp/i18n', { recursive: true });
writeFileSync(`.tmp/i18n/${locale}.todo.json`, `${JSON.stringify(todo, null, 2)}\n`);
console.info(`${locale}: ${missing.length} messages to translate → .tmp/i18n/${locale}.todo.json`);
