/**
 * Reads the server's graphic code in browser tests. svg-captcha draws each character as the glyph
 * outline of its bundled font at a position fixed by its index (jittered by ±0.1 px), so matching
 * each outline against the font's glyphs recovers the text. Our own test server only: this is how
 * a test types the code a person would read off the picture.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Options = { width: number; height: number; size: number; fontSize: number; charPreset: string } & Record<string, unknown>;
const chToPath = require('svg-captcha/lib/ch-to-path') as (ch: string, opts: Record<string, unknown>) => string;
const { options } = require('svg-captcha/lib/option-manager') as { options: Options };

const numbers = (d: string) => (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
const commands = (d: string) => d.replace(/[^A-Za-z]/g, '');

function matches(d: string, reference: string): boolean {
  if (commands(d) !== commands(reference)) return false;
  const a = numbers(d);
  const b = numbers(reference);
  return a.length === b.length && a.every((n, i) => Math.abs(n - (b[i] ?? Number.NaN)) < 0.5);
}

const references = new Map<string, string>();
/** The outline of `ch` drawn at index `i`, as svg-captcha would draw it (before its jitter). */
function reference(ch: string, i: number, size: number): string {
  const key = `${size}:${i}:${ch}`;
  let d = references.get(key);
  if (d === undefined) {
    const spacing = (options.width - 2) / (size + 1);
    d = chToPath(ch, { ...options, x: spacing * (i + 1), y: options.height / 2 });
    references.set(key, d);
  }
  return d;
}

/** The characters of a captcha SVG made with the server's settings (size 4, default font). */
export function solveCaptcha(svg: string, size = 4): string {
  const glyphs = [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)].map((m) => m[1] ?? '');
  const text: string[] = [];
  for (const d of glyphs) {
    for (let i = 0; i < size; i++) {
      const ch = [...options.charPreset].find((c) => matches(d, reference(c, i, size)));
      if (ch) text[i] = ch;
    }
  }
  const answer = text.join('');
  if (answer.length !== size) throw new Error(`could not read the graphic code (${answer.length}/${size} characters)`);
  return answer;
}
