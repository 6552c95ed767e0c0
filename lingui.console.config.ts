import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The operator console's catalog (vite.console.config.ts): English, the team's working language.
 * Another locale is one more entry here and a translated `locales/<id>/console.po`.
 */
export default defineConfig({
  sourceLocale: 'en_US',
  locales: ['en_US'],
  catalogs: [{ path: '<rootDir>/locales/{locale}/console', include: ['src/console'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
});
