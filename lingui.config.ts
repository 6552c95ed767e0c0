import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALE_IDS, SOURCE_LOCALE } from './src/lib/i18n/locales.ts';

/**
 * What the public pages (login, register, forgot password, language, agreement) and the shell
 * around every screen say: the `public` catalog, all a first visit loads. The signed-in screens'
 * messages are the `messages` catalog, loaded once a signed-in route is opened (`activate.ts`). The
 * `server` catalog is what the API server says in the user's language (push notifications).
 */
const PUBLIC = [
  'src/app',
  'src/session',
  'src/ui',
  'src/lib',
  'src/shared',
  'src/features/app-shell',
  'src/features/auth',
  'src/features/launch',
  'src/features/settings/language-screen.tsx',
  'src/features/settings/protocol-screen.tsx',
  'src/features/settings/protocol-model.ts',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/pages/login',
  'src/routes/pages/common',
  'src/routes/pages/my/protocol.tsx',
];
const asGlob = (p: string) => (/\.tsx?$/.test(p) ? p : `${p}/**`);
// The operator console has its own catalog (lingui.console.config.ts).
const NOT_SHIPPED = ['**/*.test.*', 'src/contract/**', 'src/sw/**', 'src/console/**'];

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALE_IDS],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/public', include: PUBLIC, exclude: NOT_SHIPPED },
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: [...NOT_SHIPPED, ...PUBLIC.map(asGlob)] },
    // What the server itself says (push notifications), compiled into the server build.
    { path: '<rootDir>/locales/{locale}/server', include: ['server/src/i18n'], exclude: ['**/*.test.*'] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'es',
});
