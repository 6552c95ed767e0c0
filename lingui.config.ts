import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALE_IDS, SOURCE_LOCALE } from './src/lib/i18n/locales.ts';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALE_IDS],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*', 'src/contract/**', 'src/sw/**'] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
});
