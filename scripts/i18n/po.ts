/**
 * Minimal reader/writer for the PO catalogs Lingui writes, used by the translation tools: it
 * changes only msgstr lines and keeps everything else byte for byte.
 */
/** The catalogs of each locale (lingui.config.ts): what public pages say, the signed-in screens, and the server. */
export const CATALOG_NAMES = ['public', 'messages', 'server'] as const;
export const catalogFile = (locale: string, catalog: (typeof CATALOG_NAMES)[number]) => `locales/${locale}/${catalog}.po`;

export interface PoEntry {
  id: string;
  str: string;
  origins: string[];
  comments: string[];
  /** Index range of the msgstr lines inside `lines`. */
  strStart: number;
  strEnd: number;
}

const unquote = (s: string) => JSON.parse(s) as string;
export const quote = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

export function parsePoLines(text: string): { lines: string[]; entries: PoEntry[] } {
  const lines = text.split('\n');
  const entries: PoEntry[] = [];
  let i = 0;
  let origins: string[] = [];
  let comments: string[] = [];
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.startsWith('#:')) origins.push(line.slice(2).trim());
    else if (line.startsWith('#.')) comments.push(line.slice(2).trim());
    if (line.startsWith('msgid ')) {
      let id = unquote(line.slice(6));
      i++;
      while ((lines[i] ?? '').startsWith('"')) id += unquote(lines[i++] as string);
      if (!(lines[i] ?? '').startsWith('msgstr ')) continue;
      const strStart = i;
      let str = unquote((lines[i] as string).slice(7));
      i++;
      while ((lines[i] ?? '').startsWith('"')) str += unquote(lines[i++] as string);
      if (id) entries.push({ id, str, origins, comments, strStart, strEnd: i });
      origins = [];
      comments = [];
      continue;
    }
    if (line.trim() === '') {
      origins = [];
      comments = [];
    }
    i++;
  }
  return { lines, entries };
}

/** Returns the catalog text with the given msgstr values set. */
export function setTranslations(text: string, translations: Map<string, string>): string {
  const { lines, entries } = parsePoLines(text);
  const out = [...lines];
  // Replace from the end so earlier indexes stay valid.
  for (const entry of [...entries].reverse()) {
    const value = translations.get(entry.id);
    if (value === undefined) continue;
    out.splice(entry.strStart, entry.strEnd - entry.strStart, `msgstr ${quote(value)}`);
  }
  return out.join('\n');
}
