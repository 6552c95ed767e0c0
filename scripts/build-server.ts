/**
 * Compiles the API server ahead of time: `server/src/start.ts`, the ops CLI and the worker threads become plain
 * JavaScript in `server/dist/` (node_modules stay external), so production runs `node`, not a
 * TypeScript compiler. `npm run build` runs it after the front-end build.
 * Usage: npx tsx scripts/build-server.ts [outdir]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transformAsync } from '@babel/core';
import { createCompilationErrorMessage, createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { build, type Plugin } from 'esbuild';

/**
 * The server's own translations (server/src/i18n): Lingui's macros compiled where they are imported,
 * and each locale's `server.po` compiled into the bundle — what the Vite plugin does for the app.
 */
function lingui(): Plugin {
  const config = getConfig({ cwd: path.resolve(import.meta.dirname, '..') });
  if (!config.sourceLocale) throw new Error('lingui.config.ts names no sourceLocale');
  const sourceLocale = config.sourceLocale;
  return {
    name: 'lingui',
    setup(b) {
      b.onLoad({ filter: /server[\\/]src[\\/]i18n[\\/].*\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!/from ["']@lingui\/core\/macro["']/.test(source)) return undefined;
        const out = await transformAsync(source, {
          filename: args.path,
          babelrc: false,
          configFile: false,
          parserOpts: { plugins: ['typescript'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return { contents: out?.code ?? '', loader: 'ts' };
      });
      b.onLoad({ filter: /\.po$/ }, async (args) => {
        const found = getCatalogForFile(path.relative(config.rootDir ?? process.cwd(), args.path), await getCatalogs(config));
        if (!found) throw new Error(`${args.path} is not a catalog of lingui.config.ts`);
        const { messages } = await found.catalog.getTranslations(found.locale, {
          fallbackLocales: config.fallbackLocales || {},
          sourceLocale,
        });
        const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: 'es' });
        if (errors.length) throw new Error(createCompilationErrorMessage(found.locale, errors));
        return { contents: source, loader: 'js' };
      });
    },
  };
}

export async function buildServer(outdir = path.resolve(import.meta.dirname, '../server/dist')): Promise<string> {
  await build({
    entryPoints: {
      start: path.resolve(import.meta.dirname, '../server/src/start.ts'),
      ops: path.resolve(import.meta.dirname, '../server/src/cli/ops.ts'),
      // Worker threads, started as `<name>.js` beside the entry that loads them (worker-thread.ts).
      'pglite-worker': path.resolve(import.meta.dirname, '../server/src/db/pglite-worker.ts'),
      'password-worker': path.resolve(import.meta.dirname, '../server/src/services/password-worker.ts'),
      'devnet-worker': path.resolve(import.meta.dirname, '../server/src/chain/devnet-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [lingui()],
  });
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  process.stdout.write(`server compiled to ${path.relative(process.cwd(), out)}/\n`);
}
