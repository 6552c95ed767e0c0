/**
 * Compiles the API server ahead of time: `server/src/start.ts`, the ops CLI and the worker threads become plain
 * JavaScript in `server/dist/` (node_modules stay external), so production runs `node`, not a
 * TypeScript compiler. `npm run build` runs it after the front-end build.
 * Usage: npx tsx scripts/build-server.ts [outdir]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { compileCatalog, compileMacros, usesMacros } from './lingui/compile.ts';

/**
 * The server's own translations (server/src/i18n): Lingui's macros compiled where they are imported,
 * and each locale's `server.po` compiled into the bundle — what the Vite plugin does for the app.
 */
function lingui(): Plugin {
  return {
    name: 'lingui',
    setup(b) {
      b.onLoad({ filter: /server[\\/]src[\\/]i18n[\\/].*\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!usesMacros(args.path, source)) return undefined;
        return { contents: await compileMacros(args.path, source), loader: 'ts' };
      });
      b.onLoad({ filter: /\.po$/ }, async (args) => ({ contents: await compileCatalog(args.path), loader: 'js' }));
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
      'password-worker': path.resolve(import.meta.dirname, '../server/src/services/security/password-worker.ts'),
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
