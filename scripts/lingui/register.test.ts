import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

// The bench and the load run import the server's services under tsx; without these hooks the
// first module with a Lingui macro fails to link, and nothing in `npm test` would notice.
it('lets tsx run the server sources that use Lingui macros and .po catalogs', () => {
  const script = [
    "const { REVIEW_TEXTS } = await import('./server/src/i18n/content-texts.ts');",
    "const { translator } = await import('./server/src/i18n/translate.ts');",
    "const ja = await translator('ja_JP');",
    'console.log(JSON.stringify({ source: REVIEW_TEXTS.approved.title.message, ja: ja.t(REVIEW_TEXTS.approved.title) }));',
  ].join('\n');
  const out = execFileSync('npx', ['tsx', '--import', './scripts/lingui/register.ts', '--input-type=module', '--eval', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const printed = JSON.parse(out.trim().split('\n').at(-1)!) as { source: string; ja: string };
  expect(printed.source).toBe('Activity approved');
  expect(printed.ja).not.toBe('Activity approved');
  expect(printed.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
}, 90_000);
