import { describe, expect, it } from 'vitest';
import { parsePoLines, setTranslations } from './po.ts';

const sample = `msgid ""
msgstr ""
"Language: de_DE\\n"

#: src/a.tsx
msgid "Hello {name}"
msgstr ""

#: src/b.tsx
msgid ""
"A long "
"message"
msgstr ""
`;

describe('po tools', () => {
  it('reads entries, including multi-line ones', () => {
    const { entries } = parsePoLines(sample);
    expect(entries.map((e) => e.id)).toEqual(['Hello {name}', 'A long message']);
    expect(entries[0]?.origins).toEqual(['src/a.tsx']);
  });
  it('sets msgstr and keeps the rest intact', () => {
    const out = setTranslations(sample, new Map([['A long message', 'Eine "lange" Nachricht']]));
    expect(parsePoLines(out).entries.map((e) => e.str)).toEqual(['', 'Eine "lange" Nachricht']);
    expect(out).toContain('"Language: de_DE\\n"');
    expect(out.split('\n').length).toBe(sample.split('\n').length - 0);
  });
});
