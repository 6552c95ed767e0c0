/**
 * The server's own translations compiled the way the Vite plugin compiles the app's: Lingui's macros
 * in `server/src/i18n` turned into message descriptors, and a locale's `.po` catalog into a module
 * exporting `messages`. Used by the server build (an esbuild plugin) and by the Node hooks that let
 * `tsx` run the server's sources directly (the bench, the load run).
 */
import path from 'node:path';
import { transformAsync } from '@babel/core';
import { createCompilationErrorMessage, createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The server's i18n modules: the only ones that may use Lingui's macros. */
export const isServerI18n = (file: string) => /server[\\/]src[\\/]i18n[\\/][^\\/]*\.ts$/.test(file);

/** Files whose macros need compiling: the server's i18n modules that import them. */
export const usesMacros = (file: string, source: string) =>
  isServerI18n(file) && /from\s*["']@lingui\/core\/macro["']/.test(source);

/** `source` (TypeScript) with its Lingui macros compiled; still TypeScript. */
export async function compileMacros(file: string, source: string): Promise<string> {
  const out = await transformAsync(source, {
    filename: file,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });
  return out?.code ?? '';
}

/** A locale's catalog (`locales/<id>/server.po`) as an ES module exporting `messages`. */
export async function compileCatalog(file: string): Promise<string> {
  const config = getConfig({ cwd: ROOT });
  if (!config.sourceLocale) throw new Error('lingui.config.ts names no sourceLocale');
  const found = getCatalogForFile(path.relative(config.rootDir ?? ROOT, file), await getCatalogs(config));
  if (!found) throw new Error(`${file} is not a catalog of lingui.config.ts`);
  const { messages } = await found.catalog.getTranslations(found.locale, {
    fallbackLocales: config.fallbackLocales || {},
    sourceLocale: config.sourceLocale,
  });
  const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: 'es' });
  if (errors.length) throw new Error(createCompilationErrorMessage(found.locale, errors));
  return source;
}
